import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("The account-deletion screen's words in every language: the done screen says it's done, the confirmation promises only the account")
struct AccountDeletionScreenTests {
    static let languages = LaunchGateStrings.supportedLanguages

    // MARK: Tests

    @Test("the done screen has its own title, not the confirmation's question", arguments: languages)
    func doneTitle(language: String) {
        let strings = LaunchGateStrings.forLanguages([language])
        let confirm = AccountDeletionScreen.at(.confirm, strings: strings)
        let done = AccountDeletionScreen.at(.deleted, strings: strings)
        #expect(done.title == strings.text(.accountDeletedTitle))
        #expect(done.title != confirm.title)
        if language != "en" { #expect(done.title != StringKey.accountDeletedTitle.english, "translated") }
    }

    @Test("French keeps its '?' on the title's last line: a narrow no-break space, never a breaking one, before it")
    func frenchQuestionMark() {
        let title = AccountDeletionScreen.at(.confirm, strings: .forLanguages(["fr"])).title
        #expect(title.hasSuffix("\u{202F}?") && !title.contains(" ?"))
    }
}
