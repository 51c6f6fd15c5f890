import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("The maintenance screen: the window's words over the defaults, in every language, and a button only for a link")
struct MaintenanceScreenTests {
    private static let window = MaintenanceWindow(start: Date(timeIntervalSince1970: 0), message: "Moving to a new data centre; back by 4:00 UTC.",
                                                  url: URL(string: "https://status.example.com")!)

    private func screen(_ window: MaintenanceWindow = window, text: ScreenText? = nil, hasURL: Bool = true,
                        strings: LaunchGateStrings = .english) -> GateScreen {
        let prompt = UpdatePrompt(kind: .maintenance, targetVersion: "2.0.0", releaseNotes: "New things.", updateURL: window.url,
                                  text: text, maintenance: window)
        return GateScreen.make(for: prompt, style: .blocking, platform: .ios, hasUpdateURL: hasURL, strings: strings)
    }

    // MARK: Tests

    @Test("it blocks, shows the window's message under the default title, and its one button opens the link")
    func english() {
        let shown = screen()
        #expect(shown.kind == .maintenance)
        #expect(shown.style == .blocking && !shown.isDismissable)
        #expect(shown.title == "Down for maintenance")
        #expect(shown.message == Self.window.message)
        #expect(shown.primaryAction == GateAction(title: "Learn More", role: .update))
        #expect(shown.secondaryAction == nil)
    }

    @Test("it promises no update: no version and no release notes")
    func noUpdate() {
        let shown = screen()
        #expect(shown.targetVersion == nil)
        #expect(shown.releaseNotes == nil)
    }

    @Test("without a link there is no button, and no App Store line")
    func noLink() {
        let shown = screen(MaintenanceWindow(start: Date(timeIntervalSince1970: 0), message: "Back soon."), hasURL: false)
        #expect(shown.primaryAction == nil)
        #expect(shown.message == "Back soon.")
    }

    @Test("a blank message read from a document shows the default words")
    func blankMessage() {
        #expect(screen(MaintenanceWindow(start: Date(timeIntervalSince1970: 0), message: " ")).message == LaunchGateStrings.english.text(.maintenanceMessage))
    }

    @Test("the policy's text in the user's language wins over the window's message")
    func policyText() {
        let shown = screen(text: ScreenText(title: "Wartung", message: "Bis 5 Uhr."))
        #expect(shown.title == "Wartung" && shown.message == "Bis 5 Uhr.")
    }

    @Test("every language the SDK has its own title and default message")
    func everyLanguage() {
        for language in LaunchGateStrings.supportedLanguages where language != "en" {
            let strings = LaunchGateStrings.forLanguages([language])
            #expect(strings.text(.maintenanceTitle) != StringKey.maintenanceTitle.english, "\(language)")
            #expect(strings.text(.maintenanceMessage) != StringKey.maintenanceMessage.english, "\(language)")
        }
    }
}
