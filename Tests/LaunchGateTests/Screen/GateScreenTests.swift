import Foundation
import Testing
@testable import LaunchGate

@Suite("The words and buttons on every screen")
struct GateScreenTests {
    private func prompt(_ kind: ScreenKind, reason: UpdatePrompt.Reason = .none, text: ScreenText? = nil,
                        eol: String? = nil, minimumOS: AppVersion? = "17.0") -> UpdatePrompt {
        UpdatePrompt(kind: kind, targetVersion: "2.4.1", targetBuild: BuildNumber(241), releaseNotes: "Faster sync.",
                     updateURL: URL(string: "https://apps.apple.com/app/id1"), minimumOS: minimumOS, text: text,
                     endOfLifeMessage: eol, reason: reason)
    }

    private func screen(_ prompt: UpdatePrompt, _ style: GateScreen.Style, url: Bool = true, platform: Platform = .ios) -> GateScreen {
        GateScreen.make(for: prompt, style: style, platform: platform, hasUpdateURL: url)
    }

    // MARK: Tests

    @Test("the banner names the new version and offers Details and Not Now, without release notes")
    func banner() {
        let banner = screen(prompt(.updateAvailable), .banner)
        #expect(banner.title == "Update available")
        #expect(banner.message == "Version 2.4.1 is available.")
        #expect(banner.primaryAction == GateAction(title: "Details", role: .showDetails))
        #expect(banner.secondaryAction == GateAction(title: "Not Now", role: .dismiss))
        #expect(banner.releaseNotes == nil)
        #expect(banner.isDismissable)
    }

    @Test("the details dialog shows the notes with Update Now and Not Now (seed 004)")
    func dialog() {
        let dialog = screen(prompt(.updateAvailable), .dialog)
        #expect(dialog.style == .dialog)
        #expect(dialog.releaseNotes == "Faster sync.")
        #expect(dialog.primaryAction?.title == "Update Now")
        #expect(dialog.secondaryAction?.title == "Not Now")
    }

    @Test("the recommended screen is skippable")
    func recommended() {
        let screen = screen(prompt(.updateRecommended), .fullScreen)
        #expect(screen.title == "Update recommended")
        #expect(screen.message == "We recommend updating to version 2.4.1 for the best experience.")
        #expect(screen.secondaryAction?.role == .dismiss)
        #expect(screen.isDismissable)
    }

    @Test("the required screen has one way out, Update Now, and says why")
    func required() {
        let below = screen(prompt(.updateRequired, reason: .belowMinimum), .blocking)
        #expect(below.title == "Update required")
        #expect(below.message == "This version is no longer supported. Please update to version 2.4.1 to continue.")
        #expect(below.primaryAction?.role == .update)
        #expect(below.secondaryAction == nil)
        #expect(!below.isDismissable)
        let blocked = screen(prompt(.updateRequired, reason: .blocked), .blocking)
        #expect(blocked.message.hasPrefix("This version has a known problem."))
    }

    @Test("end of life shows the policy's message, with Learn More only when there is a URL")
    func endOfLife() {
        let withURL = screen(prompt(.endOfLife, eol: "We moved to the web."), .blocking)
        #expect(withURL.message == "We moved to the web.")
        #expect(withURL.primaryAction?.title == "Learn More")
        let bare = screen(prompt(.endOfLife), .blocking, url: false)
        #expect(bare.message == "This app is no longer supported.")
        #expect(bare.primaryAction == nil)
    }

    @Test("an unsupported device is told which OS the update needs, named for its platform")
    func unsupported() {
        let ios = screen(prompt(.deviceUnsupported), .blocking)
        #expect(ios.message.contains("version 2.4.1 needs iOS 17.0 or later"))
        #expect(ios.primaryAction == nil)
        #expect(screen(prompt(.deviceUnsupported), .blocking, platform: .watchos).message.contains("watchOS 17.0"))
    }

    @Test("an unsupported device and end of life get no release notes: nobody there can install the release they describe")
    func unsupportedWithoutNotes() {
        #expect(screen(prompt(.deviceUnsupported), .blocking).releaseNotes == nil)
        #expect(screen(prompt(.deviceUnsupported, minimumOS: nil), .blocking, platform: .android).releaseNotes == nil)
        // The app is retired: notes would advertise a release of it, under a message that may point elsewhere.
        #expect(screen(prompt(.endOfLife, eol: "Notes has a new app: Notes 3."), .blocking).releaseNotes == nil)
        #expect(screen(prompt(.endOfLife), .blocking, url: false, platform: .android).releaseNotes == nil)
        // Every other full screen keeps them.
        #expect(screen(prompt(.updateRequired, reason: .belowMinimum), .blocking).releaseNotes == "Faster sync.")
    }

    @Test("without an update URL no screen offers Update Now, and each says where to update instead, after the policy's own words")
    func noURL() {
        for (kind, style) in [(ScreenKind.updateAvailable, GateScreen.Style.dialog), (.updateRecommended, .fullScreen), (.updateRequired, .blocking)] {
            let bare = screen(prompt(kind), style, url: false)
            #expect(bare.primaryAction == nil)
            #expect(bare.message.hasSuffix("\n\nOpen the App Store to update this app."), "\(kind)")
            #expect(!screen(prompt(kind), style).message.contains("App Store"), "with a URL the button says it")
        }
        let custom = screen(prompt(.updateRequired, text: ScreenText(message: "Please update.")), .blocking, url: false)
        #expect(custom.message == "Please update.\n\nOpen the App Store to update this app.")
        #expect(screen(prompt(.updateAvailable), .banner, url: false).message == "Version 2.4.1 is available.", "the banner stays one line")
        #expect(screen(prompt(.endOfLife), .blocking, url: false).message == "This app is no longer supported.", "nothing to update to")
    }

    @Test("the policy's localized title and message replace the English defaults")
    func localized() {
        let text = ScreenText(title: "Mise à jour requise", message: "Veuillez mettre à jour.")
        let screen = screen(prompt(.updateRequired, text: text), .blocking)
        #expect(screen.title == "Mise à jour requise")
        #expect(screen.message == "Veuillez mettre à jour.")
        let titleOnly = self.screen(prompt(.updateRequired, text: ScreenText(title: "Bitte aktualisieren")), .blocking)
        #expect(titleOnly.message.hasPrefix("This version is no longer supported."))
    }

    @Test("a build-only target still reads naturally")
    func noVersion() {
        var buildOnly = prompt(.updateRequired)
        buildOnly.targetVersion = nil
        #expect(screen(buildOnly, .blocking).message.hasSuffix("Please update to the latest version to continue."))
    }
}
