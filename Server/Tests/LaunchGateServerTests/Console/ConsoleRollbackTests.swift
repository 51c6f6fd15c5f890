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

@Suite("Console rollback goes through the publish guard")
struct ConsoleRollbackTests {
    @Test("rolling back to a revision that blocks half the installs is refused with the impact and a checkbox, then confirmed")
    func guardedRollback() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await AdoptionFixture.seed(server.components.installs)
            var raised = Samples.policy(required: "2.4.0")
            raised.platforms[.ios]?.recommended = VersionRequirement(version: "2.4.0")
            _ = try await server.components.adoption.publish(raised, app: "notes", channel: .production, author: "t", confirmed: true)
            _ = try await server.components.adoption.publish(Samples.policy(required: "1.0.0"), app: "notes", channel: .production,
                                                             author: "t", confirmed: false)
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/history"))
                let refused = try await browser.post("/console/apps/notes/history/rollback?channel=production", [("csrf", csrf), ("revision", "2")])
                #expect(refused.status == .conflict)
                #expect(refused.text.contains(#"id="guard-error""#) && refused.text.contains(#"name="confirm""#))
                // In the page's own words, with the impact a sentence an item under it.
                #expect(refused.text.contains("Tick &#39;Roll back although…&#39; and roll back again.") && !refused.text.contains("dry_run"))
                #expect(refused.text.contains(#"id="guard-details"><li>Raising required on iOS to 2.4.0 blocks 50 of 100 iOS installs (50 %)"#),
                        "\(refused.text)")
                #expect(try await server.components.policies.current(app: "notes", channel: .production).0.number == 3)
                let confirmed = try await browser.post("/console/apps/notes/history/rollback?channel=production",
                                                       [("csrf", csrf), ("revision", "2"), ("confirm", "on")])
                #expect(confirmed.status == .seeOther || confirmed.status == .found, "\(confirmed.status)")
                #expect(try await server.components.policies.current(app: "notes", channel: .production).0.number == 4)
            }
        }
    }
}
