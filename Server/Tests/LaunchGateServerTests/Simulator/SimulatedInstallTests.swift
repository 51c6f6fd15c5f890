import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(LaunchGateServer) import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateServer
@testable import LaunchGateSimulator
@testable import LaunchGateStorage

/// A walkthrough's `launchgate simulate` counted as a real install, so the demo's impact read
/// "Plus 7 installs first seen today" after it. The simulator's requests now say they are
/// simulated, and the server leaves them out of adoption (and so of the publish guard) unless
/// `--count-as-install` asks.
@Suite("A simulated device is left out of adoption unless it asks to count; a plain launch counts")
struct SimulatedInstallTests {
    private static let client = HTTPField.Name("LaunchGate-Client")!

    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("launchgate-simulated-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Installs of `notes` recorded so far, after folding what is buffered.
    private static func installs(_ server: TestServer) async throws -> Int {
        await server.components.recorder.fold()
        return try await server.components.installs.groups(appID: "notes", platform: nil, fromDay: 0).reduce(0) { $0 + $1.installs }
    }

    @MainActor
    private static func launch(port: Int, key: PolicyPublicKey, countsAsInstall: Bool) async throws -> String {
        let state = try folder()
        defer { try? FileManager.default.removeItem(at: state) }
        let settings = SimulatorSettings(
            serverURL: URL(string: "http://127.0.0.1:\(port)")!, appID: "notes",
            app: AppInfo(version: "2.4.1", build: BuildNumber(241), platform: .ios), publicKey: key,
            stateDirectory: state, countsAsInstall: countsAsInstall)
        let device = Simulator(settings: settings, clock: try SimulatedClock(file: settings.clockFile)) { _ in }
        await device.launch()
        #expect(device.diagnostics.isEmpty, "the launch read the policy: \(device.diagnostics)")
        return device.card.label
    }

    // MARK: Tests

    @Test("the header says simulated only when set, and an app's AppInfo never sets it")
    func header() throws {
        let app = AppInfo(version: "2.4.1", build: BuildNumber(241), platform: .ios)
        #expect(!app.isSimulated)
        #expect(!app.clientHeader(installID: "a").contains("simulated"))
        var simulated = app
        simulated.isSimulated = true
        let value = simulated.clientHeader(installID: "a")
        #expect(value.hasSuffix(", simulated=1"))
        #expect(ClientHeader.parse(value)?.simulated == true)
        #expect(ClientHeader.parse(app.clientHeader(installID: "a"))?.simulated == false)
        #expect(ClientHeader.parse(#"version="2.4.1", platform="ios", install="a", simulated=0"#)?.simulated == false)
    }

    @Test("a simulated launch adds no install; the same launch with --count-as-install adds one")
    func simulatorLaunch() async throws {
        try await TestServer.with { server in
            let key = try #require(try await server.components.signingKeys.activePublicKey())
            try await server.application.test(.live) { client in
                let port = try #require(client.port)
                _ = try await Self.launch(port: port, key: key, countsAsInstall: false)
                #expect(try await Self.installs(server) == 0, "the simulated device's read and beacon are left out")
                _ = try await Self.launch(port: port, key: key, countsAsInstall: true)
                #expect(try await Self.installs(server) == 1, "a device that asks to count is an install")
            }
        }
    }

    @Test("a simulated ping is accepted but not counted, where a plain one is")
    func pings() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                for (install, simulated) in [("sim", true), ("real", false)] {
                    let header = ClientHeader(version: "2.4.1", build: "241", platform: "ios", os: "17.4", install: install, simulated: simulated)
                    let response = try await client.execute(uri: "/v1/apps/notes/installs/ping", method: .post, headers: [Self.client: header.rendered()])
                    #expect(response.status == .noContent)
                }
            }
            #expect(try await Self.installs(server) == 1)
        }
    }
}
