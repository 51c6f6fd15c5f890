import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(LaunchGateServer) import LaunchGate
import LaunchGateTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage
@testable import LaunchGateSimulator

/// The simulator's device (the SDK's real LaunchFlow over URLSession and files) against a running server.
@Suite("Simulator: the whole launch against a running server")
struct SimulatorLiveTests {
    /// Everything the device noted outside its screen, such as the URLs it opened.
    @MainActor final class Notes {
        var lines: [String] = []
    }

    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("launchgate-simulate-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @MainActor
    private static func device(port: Int, key: PolicyPublicKey, version: AppVersion, build: Int, state: URL,
                               notes: Notes, languages: [String] = ["en"]) throws -> Simulator {
        let settings = SimulatorSettings(
            serverURL: URL(string: "http://127.0.0.1:\(port)")!, appID: "notes",
            app: AppInfo(version: version, build: BuildNumber(build), platform: .ios, preferredLanguages: languages), publicKey: key,
            stateDirectory: state, signIn: true)
        return Simulator(settings: settings, clock: try SimulatedClock(file: settings.clockFile)) { notes.lines.append($0) }
    }

    // MARK: Tests

    @Test("blocked on 1.9.0; on 2.3.0 sign-in, the welcome, the banner, a dismissal that lasts a relaunch, and its return 25 hours later")
    func story() async throws {
        let state = try Self.folder()
        defer { try? FileManager.default.removeItem(at: state) }
        try await TestServer.with { server in
            let key = try #require(try await server.components.signingKeys.activePublicKey())
            try await server.application.test(.live) { client in
                let port = try #require(client.port)
                try await Self.blocked(port: port, key: key, state: state)
                try await Self.signInAndBanner(port: port, key: key, state: state) { email in try await server.code(for: email) }
            }
        }
    }

    @MainActor
    private static func blocked(port: Int, key: PolicyPublicKey, state: URL) async throws {
        let notes = Notes()
        let old = try device(port: port, key: key, version: "1.9.0", build: 190, state: state, notes: notes)
        await old.launch()
        #expect(old.card.label == "Update required")
        #expect(old.diagnostics.isEmpty)
        try await old.perform(.tap("update now"))
        #expect(notes.lines == ["Opening https://apps.apple.com/app/id1"])
        await #expect(throws: SimulatorInputError.self) { try await old.perform(.dismiss) }
        await #expect(throws: SimulatorInputError.self) { try await old.perform(.tap("Not Now")) }
        #expect(old.card.label == "Update required")
    }

    @MainActor
    private static func signInAndBanner(port: Int, key: PolicyPublicKey, state: URL,
                                        code: @escaping (String) async throws -> String?) async throws {
        let device = try device(port: port, key: key, version: "2.3.0", build: 230, state: state, notes: Notes())
        await device.launch()
        #expect(device.card.label == StringKey.signInTitle.english)
        await #expect(throws: SimulatorInputError.self, "a mistyped command isn't sent as an address") {
            try await device.perform(.input("relauch"))
        }
        #expect(device.card.label == StringKey.signInTitle.english)
        try await device.perform(.input("Ada@Example.com"))
        #expect(device.card.label == StringKey.codeTitle.english, "\(device.card)")
        await #expect(throws: SimulatorInputError.self, "nor as a code") { try await device.perform(.input("foregrund")) }
        let sent = try #require(try await code("ada@example.com"))
        try await device.perform(.input(sent))
        #expect(device.card.label == StringKey.welcomeTitle.english, "\(device.card)")
        try await device.perform(.tap("get started"))
        #expect(device.card.label == ScreenCard.appLabel)
        #expect(device.card.banner?.title == "Update available")
        #expect(device.card.paragraphs == ["You're signed in as ada@example.com."])

        try await device.perform(.dismiss)
        #expect(device.card.banner == nil)
        try await device.perform(.relaunch)
        #expect(device.card.label == ScreenCard.appLabel && device.card.banner == nil, "a relaunch keeps the session and the dismissal")

        try await device.perform(.advance(try SimulatedDuration(parsing: "25h")))
        try await device.perform(.background)
        #expect(device.card.label == ScreenCard.backgroundLabel)
        await #expect(throws: SimulatorInputError.self) { try await device.perform(.tap("Sign Out")) }
        try await device.perform(.foreground)
        #expect(device.card.banner?.title == "Update available", "25 hours after the dismissal the banner is back")

        try await device.perform(.tap("sign out"))
        #expect(device.card.label == StringKey.signInTitle.english)
        await #expect(throws: SimulatorInputError.self) { try await device.perform(.signOut) }
    }

    @Test("--language reaches the SDK: a French device sees the update check and sign-in in French")
    func french() async throws {
        let state = try Self.folder()
        defer { try? FileManager.default.removeItem(at: state) }
        try await TestServer.with { server in
            let key = try #require(try await server.components.signingKeys.activePublicKey())
            try await server.application.test(.live) { client in
                let port = try #require(client.port)
                try await Self.inFrench(port: port, key: key, state: state)
            }
        }
    }

    @MainActor
    private static func inFrench(port: Int, key: PolicyPublicKey, state: URL) async throws {
        let french = LaunchGateStrings.forLanguages(["fr"])
        try #require(french.language == "fr", "the SDK's French texts are not in this build")
        let blocked = try device(port: port, key: key, version: "1.9.0", build: 190, state: state, notes: Notes(), languages: ["fr-CA", "en"])
        await blocked.launch()
        #expect(blocked.card.label == LaunchGateStrings.forLanguages(["fr-CA"]).text(.updateRequiredTitle))
        let current = try device(port: port, key: key, version: "2.4.1", build: 241, state: state, notes: Notes(), languages: ["fr"])
        await current.launch()
        #expect(current.card.label == french.text(.signInTitle))
        #expect(current.card.label != StringKey.signInTitle.english)
    }

    @Test("with no server, the launch fails open to the app, says why on a note line, and a script's mistakes are counted")
    @MainActor
    func offline() async throws {
        let state = try Self.folder()
        defer { try? FileManager.default.removeItem(at: state) }
        let settings = SimulatorSettings(
            serverURL: URL(string: "https://updates.example.com")!, appID: "notes", app: AppInfo(version: "1.0.0"),
            publicKey: try PolicyPublicKey("ed25519:" + Data(repeating: 7, count: 32).base64EncodedString()), stateDirectory: state)
        let simulator = Simulator(settings: settings, clock: try SimulatedClock(file: settings.clockFile),
                                  transport: ScriptedTransport()) { _ in }
        var lines = ["tap nothing", "", "advance 2h", "dismiss", "help", String(repeating: "x", count: LineReader.defaultLimit + 1)]
            .map { Array(($0 + "\n").utf8) }
        var output = ""
        var problems = ""
        let console = SimulatorConsole(
            simulator: simulator, renderer: CardRenderer(style: .plain),
            input: LineReader { lines.isEmpty ? nil : lines.removeFirst() }, prompts: false,
            write: { output += $0 }, writeProblem: { problems += $0 })
        await console.run()
        #expect(output.contains("| [App] "))
        #expect(output.contains("note: update check: "))
        #expect(output.contains("> tap nothing\n") && output.contains("> advance 2h\nnote: the clock is now 2h ahead\n"))
        #expect(output.contains("tap <button>"))
        #expect(!output.unicodeScalars.contains { $0.value == 0x1B })
        #expect(console.refusals == 3)
        #expect(problems.contains("error: there is no button on this screen"))
        #expect(problems.contains("error: nothing on this screen can be dismissed"))
        #expect(problems.contains("error: a line may be at most 4096 bytes"))
        #expect(try SimulatedClock(file: settings.clockFile).offsetSeconds == 7_200)
    }
}
