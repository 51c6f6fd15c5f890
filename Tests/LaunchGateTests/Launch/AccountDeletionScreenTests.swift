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

    @Test("the screen after a 401 has its own title and message in every language", arguments: languages)
    func signedOutTexts(language: String) {
        let strings = LaunchGateStrings.forLanguages([language])
        let screen = AccountDeletionScreen.at(.signedOut, strings: strings)
        #expect(screen.title == strings.text(.accountSignedOutTitle) && screen.message == strings.text(.accountSignedOutMessage))
        #expect(screen.title != AccountDeletionScreen.at(.deleted, strings: strings).title, "it doesn't claim the account is gone")
        if language != "en" { #expect(screen.message != StringKey.accountSignedOutMessage.english, "translated") }
    }

    @Test("the app's own Delete Account button reads the confirmation's own label, in every language", arguments: languages)
    func buttonLabel(language: String) {
        let strings = LaunchGateStrings.forLanguages([language])
        #expect(strings.deleteAccount == AccountDeletionScreen.at(.confirm, strings: strings).actions.first { $0.isDestructive }?.title)
    }

    @Test("the escape gesture cancels the confirmation, does nothing while the server deletes, and ends the last screens")
    func escape() {
        #expect(AccountDeletionScreen.at(.confirm, strings: .english).escapeAction == .cancel)
        #expect(AccountDeletionScreen.at(.confirm, error: "Your account was not deleted.", strings: .english).escapeAction == .cancel)
        #expect(AccountDeletionScreen.at(.deleting, strings: .english).escapeAction == nil)
        #expect(AccountDeletionScreen.at(.deleted, strings: .english).escapeAction == .done)
        #expect(AccountDeletionScreen.at(.signedOut, strings: .english).escapeAction == .done)
    }

    @Test("French keeps its '?' on the title's last line: a narrow no-break space, never a breaking one, before it")
    func frenchQuestionMark() {
        let title = AccountDeletionScreen.at(.confirm, strings: .forLanguages(["fr"])).title
        #expect(title.hasSuffix("\u{202F}?") && !title.contains(" ?"))
    }
}
