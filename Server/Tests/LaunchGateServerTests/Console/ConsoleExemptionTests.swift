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

@Suite("Console exemptions: added and removed through the same service as the API, by admin tokens only")
struct ConsoleExemptionTests {
    @Test("an admin exempts an install (only its hash is shown and stored) and removes it again")
    func addAndRemove() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/exemptions"))
                let added = try await browser.post("/console/apps/notes/exemptions",
                                                   [("csrf", csrf), ("kind", "install"), ("value", "tester-1"), ("note", "<b>App Review</b>")])
                #expect(added.status == .seeOther)
                let stored = try await server.components.policies.exemptions(app: "notes")
                #expect(stored.map(\.value) == [PolicyExemptions.hash("tester-1")])
                let page = try await browser.get(try #require(added.headers[.location]))
                #expect(page.text.contains(PolicyExemptions.hash("tester-1")) && !page.text.contains("tester-1"))
                #expect(page.text.contains("&lt;b&gt;App Review&lt;/b&gt;"))
                let removed = try await browser.post("/console/apps/notes/exemptions/remove",
                                                     [("csrf", csrf), ("kind", "install"), ("value", PolicyExemptions.hash("tester-1"))])
                #expect(removed.status == .seeOther)
                #expect(try await server.components.policies.exemptions(app: "notes").isEmpty)
            }
        }
    }

    @Test("the service's refusal shows on the page; a publish token may look but not add; a post without CSRF is refused")
    func refusals() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let admin = ConsoleBrowser(client)
                try await admin.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await admin.get("/console/apps/notes/exemptions"))
                let long = try await admin.post("/console/apps/notes/exemptions", [("csrf", csrf), ("kind", "device"), ("value", String(repeating: "x", count: 201))])
                #expect(long.status == .badRequest)
                #expect(long.text.contains(#"id="value-error""#) && long.text.contains("1 to 200 bytes"))
                #expect(try await admin.post("/console/apps/notes/exemptions", [("kind", "device"), ("value", "d")]).status == .forbidden)
                let publisher = ConsoleBrowser(client)
                try await publisher.signIn(try await server.token(scope: .publish))
                let page = try await publisher.get("/console/apps/notes/exemptions")
                #expect(page.status == .ok && !page.text.contains("/exemptions/remove"))
                let refused = try await publisher.post("/console/apps/notes/exemptions", [("csrf", ConsoleBrowser.csrf(in: page)), ("kind", "device"), ("value", "d")])
                #expect(refused.status == .forbidden)
                #expect(try await server.components.policies.exemptions(app: "notes").isEmpty)
            }
        }
    }
}
