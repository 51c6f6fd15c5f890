import Foundation
import Hummingbird
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("The console shows why a publish or rollback needs confirming when its impact can't be computed")
struct ConsoleImpactUnavailableTests {
    @Test("with the impact unreadable, the editor still opens with the confirm box, and a rollback is refused with the message until confirmed")
    func unreadableImpact() async throws {
        let base = try await TestServer.make(now: { Samples.now })
        let components = ServerComponents(database: nil, repository: base.components.repository,
                                          installs: FlakyInstalls(base.components.installs, failures: 0, brokenImpact: true),
                                          masterKey: try MasterKey(rawRepresentation: Data(repeating: 7, count: 32)), now: { Samples.now })
        let server = TestServer(components: components, configuration: base.configuration, adminToken: base.adminToken)
        _ = try await components.adoption.publish(Samples.policy(required: "1.0.0"), app: "notes", channel: .production, author: "t", confirmed: true)
        try await server.application.test(.live) { client in
            let browser = ConsoleBrowser(client)
            try await browser.signIn(server.adminToken)
            let editor = try await browser.get("/console/apps/notes/policy")
            #expect(editor.status == .ok)
            #expect(editor.text.contains("could not be computed") && editor.text.contains(#"name="confirm""#))
            let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/history"))
            let refused = try await browser.post("/console/apps/notes/history/rollback?channel=production", [("csrf", csrf), ("revision", "1")])
            #expect(refused.status == .conflict)
            #expect(refused.text.contains(#"id="guard-error""#) && refused.text.contains("could not be computed"))
            let confirmed = try await browser.post("/console/apps/notes/history/rollback?channel=production",
                                                   [("csrf", csrf), ("revision", "1"), ("confirm", "on")])
            #expect(confirmed.status == .seeOther || confirmed.status == .found, "\(confirmed.status)")
        }
        #expect(try await components.policies.current(app: "notes", channel: .production).0.number == 3)
    }

    @Test("a cancelled request stays cancelled: the impact is not drawn as unknown for a client that went away")
    func cancellation() async throws {
        let base = try await TestServer.make(now: { Samples.now })
        let components = ServerComponents(database: nil, repository: base.components.repository,
                                          installs: FlakyInstalls(base.components.installs, failures: 0, brokenImpact: true,
                                                                  impactError: CancellationError()),
                                          masterKey: try MasterKey(rawRepresentation: Data(repeating: 7, count: 32)), now: { Samples.now })
        await #expect(throws: CancellationError.self) {
            try await ConsoleImpact.of(Samples.policy(required: "2.0.0"), app: "notes", channel: .production, adoption: components.adoption)
        }
        let unknown = try await ConsoleImpact.of(Samples.policy(required: "2.0.0"), app: "notes", channel: .production,
                                                 adoption: ServerComponents(database: nil, repository: base.components.repository,
                                                                            installs: FlakyInstalls(base.components.installs, failures: 0, brokenImpact: true),
                                                                            masterKey: try MasterKey(rawRepresentation: Data(repeating: 7, count: 32)),
                                                                            now: { Samples.now }).adoption)
        #expect(unknown.confirmation != nil, "any other failure still opens the editor with the impact unknown")
    }
}
