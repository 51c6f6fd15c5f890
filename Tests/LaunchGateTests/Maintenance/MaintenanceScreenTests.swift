import Foundation
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("The maintenance screen: the window's words over the defaults, in every language, Try Again, and a link button only for a link")
struct MaintenanceScreenTests {
    private static let window = MaintenanceWindow(start: Date(timeIntervalSince1970: 0), message: "Moving to a new data centre; back by 4:00 UTC.",
                                                  url: URL(string: "https://status.example.com")!)

    private func screen(_ window: MaintenanceWindow = window, text: ScreenText? = nil, hasURL: Bool = true,
                        strings: LaunchGateStrings = .english) -> GateScreen {
        let prompt = UpdatePrompt(kind: .maintenance, targetVersion: "2.0.0", releaseNotes: "New things.",
                                  text: text, maintenance: window)
        return GateScreen.make(for: prompt, style: .blocking, platform: .ios, hasUpdateURL: hasURL, strings: strings)
    }

    // MARK: Tests

    @Test("it blocks, shows the window's message under the default title, offers Try Again, and its link opens the status page, not an update")
    func english() {
        let shown = screen()
        #expect(shown.kind == .maintenance)
        #expect(shown.style == .blocking && !shown.isDismissable)
        #expect(shown.title == "Down for maintenance")
        #expect(shown.message == Self.window.message)
        #expect(shown.primaryAction == GateAction(title: "Try Again", role: .retry))
        #expect(shown.secondaryAction == GateAction(title: "Learn More", role: .openMaintenancePage,
                                                    accessibilityHint: "Opens a web page."))
    }

    @Test("it promises no update: no version and no release notes")
    func noUpdate() {
        let shown = screen()
        #expect(shown.targetVersion == nil)
        #expect(shown.releaseNotes == nil)
    }

    @Test("without a link there is only Try Again, and no App Store line")
    func noLink() {
        let shown = screen(MaintenanceWindow(start: Date(timeIntervalSince1970: 0), message: "Back soon."), hasURL: false)
        #expect(shown.primaryAction?.role == .retry)
        #expect(shown.secondaryAction == nil)
        #expect(shown.message == "Back soon.")
    }

    @Test("an update URL the caller has (the App Store page) never becomes a button on the maintenance screen")
    func noUpdateButton() {
        let shown = screen(MaintenanceWindow(start: Date(timeIntervalSince1970: 0), message: "Back soon."), hasURL: true)
        #expect(shown.secondaryAction == nil)
        #expect(shown.primaryAction?.role == .retry)
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
            #expect(strings.text(.maintenanceTryAgain) != StringKey.maintenanceTryAgain.english, "\(language)")
            #expect(strings.text(.opensWebPageHint) != StringKey.opensWebPageHint.english, "\(language)")
        }
    }
}
