import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@Suite("Update screens in the user's language, with the policy's own texts still first")
struct LocalizedScreenTests {
    private let french = LaunchGateStrings.forLanguages(["fr-FR"])

    private func prompt(_ kind: ScreenKind, version: AppVersion? = "2.4.1", reason: UpdatePrompt.Reason = .none,
                        text: ScreenText? = nil, minimumOS: AppVersion? = "17.0") -> UpdatePrompt {
        UpdatePrompt(kind: kind, targetVersion: version, targetBuild: BuildNumber(241), releaseNotes: "Notes.",
                     updateURL: URL(string: "https://apps.apple.com/app/id1"), minimumOS: minimumOS, text: text, reason: reason)
    }

    // MARK: Tests

    @Test("the banner and its dialog speak French, buttons included")
    func banner() {
        let banner = GateScreen.make(for: prompt(.updateAvailable), style: .banner, platform: .ios, hasUpdateURL: true, strings: french)
        #expect(banner.title == "Mise à jour disponible")
        #expect(banner.message == "La version 2.4.1 est disponible.")
        #expect(banner.primaryAction == GateAction(title: "Détails", role: .showDetails))
        #expect(banner.secondaryAction == GateAction(title: "Pas maintenant", role: .dismiss))
        let dialog = GateScreen.make(for: prompt(.updateAvailable), style: .dialog, platform: .ios, hasUpdateURL: true, strings: french)
        #expect(dialog.primaryAction == GateAction(title: "Mettre à jour", role: .update))
        #expect(dialog.secondaryAction?.title == "Pas maintenant")
    }

    @Test("a build-only target uses the whole-sentence 'latest version' variant, not a spliced phrase")
    func latestVersion() {
        let screen = GateScreen.make(for: prompt(.updateRequired, version: nil, reason: .blocked), style: .blocking,
                                     platform: .ios, hasUpdateURL: true, strings: french)
        #expect(screen.title == "Mise à jour requise")
        #expect(screen.message == "Cette version présente un problème connu. Veuillez passer à la dernière version pour continuer.")
    }

    @Test("the unsupported-device screen names the OS and its version inside the translated sentence")
    func deviceUnsupported() {
        let german = LaunchGateStrings.forLanguages(["de-DE"])
        let withMinimum = GateScreen.make(for: prompt(.deviceUnsupported), style: .blocking, platform: .watchos,
                                          hasUpdateURL: false, strings: german)
        #expect(withMinimum.title == "Gerät nicht unterstützt")
        #expect(withMinimum.message.contains("Version 2.4.1 erfordert watchOS 17.0 oder neuer."))
        let noMinimum = GateScreen.make(for: prompt(.deviceUnsupported, version: nil, minimumOS: nil), style: .blocking,
                                        platform: .ios, hasUpdateURL: false, strings: german)
        #expect(noMinimum.message.contains("die neueste Version erfordert eine neuere Version von iOS."))
    }

    @Test("the policy's own title and message still win over the translated defaults; the buttons stay translated")
    func policyTextWins() {
        let text = ScreenText(title: "Nouvelle version !", message: "Mettez à jour pour le nouveau mode hors ligne.")
        let screen = GateScreen.make(for: prompt(.updateRecommended, text: text), style: .fullScreen, platform: .ios,
                                     hasUpdateURL: true, strings: french)
        #expect(screen.title == "Nouvelle version !")
        #expect(screen.message == "Mettez à jour pour le nouveau mode hors ligne.")
        #expect(screen.secondaryAction?.title == "Pas maintenant")
        let titleOnly = GateScreen.make(for: prompt(.updateRecommended, text: ScreenText(title: "Sur mesure")), style: .fullScreen,
                                        platform: .ios, hasUpdateURL: true, strings: french)
        #expect(titleOnly.message == "Nous vous recommandons de passer à la version 2.4.1 pour profiter au mieux de l’app.")
    }

    @Test("without strings the screens are the English ones, word for word")
    func englishByDefault() {
        for (kind, style) in [(ScreenKind.updateAvailable, GateScreen.Style.banner), (.updateAvailable, .dialog),
                              (.updateRecommended, .fullScreen), (.updateRequired, .blocking), (.endOfLife, .blocking),
                              (.deviceUnsupported, .blocking)] {
            #expect(GateScreen.make(for: prompt(kind), style: style, platform: .ios, hasUpdateURL: true)
                == GateScreen.make(for: prompt(kind), style: style, platform: .ios, hasUpdateURL: true, strings: .english))
        }
        let unsupported = GateScreen.make(for: prompt(.deviceUnsupported, version: nil, minimumOS: nil), style: .blocking,
                                          platform: .macos, hasUpdateURL: false)
        #expect(unsupported.message == "This version is no longer supported, and the latest version needs a newer macOS. "
            + "Update your device's software to keep using this app.")
    }

    @Test("the monitor shows its screens in the app's preferred language")
    @MainActor
    func monitorUsesPreferredLanguage() async throws {
        let transport = ScriptedTransport()
        transport.enqueue(.respond(.json(PolicyDocuments.canonical(required: "1.8.0"))), for: PolicyDocuments.url)
        let monitor = UpdateMonitor(
            configuration: .init(source: PolicySource(url: PolicyDocuments.url)),
            app: AppInfo(version: "1.5.0", platform: .ios, osVersion: "17.4", preferredLanguages: ["es-AR", "en"]),
            store: InMemoryKeyValueStore(), transport: transport, opener: RecordingURLOpener())
        await monitor.start()
        let screen = try #require(monitor.state.screen)
        #expect(screen.kind == .updateRequired)
        #expect(screen.title == "Actualización obligatoria")
        #expect(screen.primaryAction?.title == "Actualizar ahora")
    }
}
