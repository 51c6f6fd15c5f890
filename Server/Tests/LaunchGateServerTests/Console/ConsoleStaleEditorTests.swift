import Foundation
import HTTPTypes
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

@Suite("Web console: an editor opened over an older revision")
struct ConsoleStaleEditorTests {
    @Test("publishing a page opened over an older revision is refused with 409 and changes nothing; the page's own base publishes")
    func staleBase() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let editor = try await browser.get("/console/apps/notes/policy")
                #expect(editor.text.contains(#"name="base" value="1""#), "the form names the revision it was opened over")
                let csrf = ConsoleBrowser.csrf(in: editor)
                func fields(base: String) -> [(String, String)] {
                    [("csrf", csrf), ("base", base), ("platform", "ios"), ("ios.latestVersion", "2.4.1"), ("ios.notes", "Bug fixes."),
                     ("ios.required", "2.0.0"), ("ios.updateURL", "https://apps.apple.com/app/id1"), ("note", "")]
                }
                // Someone else publishes while the page is open.
                var newer = Samples.policy()
                newer.platforms[.ios]?.latest?.notes = "Published while the page was open."
                _ = try await server.components.repository.publish(appID: "notes", channel: .production, policy: newer, author: "b", note: nil, at: Date())

                let stale = try await browser.post("/console/apps/notes/policy/publish?channel=production", fields(base: "1"))
                #expect(stale.status == .conflict)
                #expect(stale.text.contains("revision 2 was published after this page was opened"))
                let revisions = try await server.components.repository.revisions(appID: "notes", channel: .production)
                #expect(revisions.count == 2, "nothing was published over the newer revision")

                let unnamed = try await browser.post("/console/apps/notes/policy/publish?channel=production", fields(base: "2").filter { $0.0 != "base" })
                #expect(unnamed.status == .conflict, "a post that doesn't name its base can't be checked, so it is refused")
                let fresh = try await browser.post("/console/apps/notes/policy/publish?channel=production", fields(base: "2"))
                #expect(fresh.status == .seeOther)
                #expect(try await server.components.repository.revisions(appID: "notes", channel: .production).count == 3)
            }
        }
    }

    @Test("a publish whose expected revision is no longer current by the time the service checks it fails with publish-race")
    func raceInService() async throws {
        try await TestServer.with { server in
            var newer = Samples.policy()
            newer.platforms[.ios]?.latest?.notes = "Published by the first of two forms."
            let adoption = server.components.adoption
            _ = try await adoption.publish(newer, app: "notes", channel: .production, author: "a", confirmed: true, expectedRevision: 1)
            newer.platforms[.ios]?.latest?.notes = "Published by the second form, opened over revision 1 too."
            let error = await #expect(throws: ServiceError.self) {
                _ = try await adoption.publish(newer, app: "notes", channel: .production, author: "b", confirmed: true, expectedRevision: 1)
            }
            #expect(error?.code == "publish-race")
            #expect(try await server.components.repository.revisions(appID: "notes", channel: .production).count == 2)
        }
    }
}
