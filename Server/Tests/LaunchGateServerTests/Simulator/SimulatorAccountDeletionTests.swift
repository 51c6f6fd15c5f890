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

/// `delete-account` in the simulator: the SDK's confirmation, then the real server deletes.
@Suite("Simulator: delete-account shows the confirmation, Cancel keeps the account, Delete Account erases it on the server")
struct SimulatorAccountDeletionTests {
    @MainActor
    private static func device(port: Int, key: PolicyPublicKey, state: URL) throws -> Simulator {
        let settings = SimulatorSettings(
            serverURL: URL(string: "http://127.0.0.1:\(port)")!, appID: "notes",
            app: AppInfo(version: "2.3.0", build: BuildNumber(230), platform: .ios, preferredLanguages: ["en"]), publicKey: key,
            stateDirectory: state, signIn: true)
        return Simulator(settings: settings, clock: try SimulatedClock(file: settings.clockFile)) { _ in }
    }

    // MARK: Tests

    @Test("the parser knows delete-account, and it takes nothing after it")
    func parses() throws {
        #expect(try SimulatorCommand.parse("delete-account") == .deleteAccount)
        #expect(throws: SimulatorInputError.self) { try SimulatorCommand.parse("delete-account now") }
    }

    @Test("signed in: delete-account, Cancel, delete-account, Delete Account, Done, and the address is new again on the server")
    func deletes() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("launchgate-simulate-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        try await TestServer.with { server in
            let key = try #require(try await server.components.signingKeys.activePublicKey())
            try await server.application.test(.live) { client in
                let port = try #require(client.port)
                try await Self.story(port: port, key: key, state: state, server: server)
            }
        }
    }

    @MainActor
    private static func story(port: Int, key: PolicyPublicKey, state: URL, server: TestServer) async throws {
        let device = try device(port: port, key: key, state: state)
        await device.launch()
        await #expect(throws: SimulatorInputError.self, "nobody is signed in yet") { try await device.perform(.deleteAccount) }
        try await device.perform(.input("ada@example.com"))
        try await device.perform(.input(try #require(try await server.code(for: "ada@example.com"))))
        try await device.perform(.tap("get started"))
        #expect(device.card.label == ScreenCard.appLabel)

        try await device.perform(.deleteAccount)
        #expect(device.card.label == StringKey.deleteAccountTitle.english)
        #expect(device.card.paragraphs == [StringKey.deleteAccountMessage.english])
        #expect(device.card.buttons.map(\.title) == ["Delete Account", "Cancel"])
        try await device.perform(.tap("cancel"))
        #expect(device.card.label == ScreenCard.appLabel)
        #expect(try await server.components.signIn.user(app: "notes", idOrEmail: "ada@example.com") != nil)

        try await device.perform(.deleteAccount)
        try await device.perform(.tap("delete account"))
        #expect(device.card.paragraphs == [StringKey.accountDeletedMessage.english], "\(device.card)")
        #expect(try await server.components.signIn.user(app: "notes", idOrEmail: "ada@example.com") == nil)
        try await device.perform(.tap("done"))
        #expect(device.card.label == StringKey.signInTitle.english)
        try await device.perform(.relaunch)
        #expect(device.card.label == StringKey.signInTitle.english, "no session is left on the device")
    }
}
