import Foundation
import HummingbirdTesting
import Testing
@testable import LaunchGateServer

/// Error pages were drawn without the signed-in bar, so an operator refused a page, or sent to an
/// unknown app, lost the navigation and the way to sign out.
@Suite("Console error pages keep the navigation for whoever is signed in")
struct ConsoleErrorPageTests {
    @Test("a refused or unknown page shows the signed-in bar with a working sign-out; without a session there is none")
    func navigation() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(try await server.token(scope: .publish))
                let refused = try await browser.get("/console/tokens")
                #expect(refused.status == .forbidden)
                #expect(refused.text.contains(#"<nav aria-label="Main">"#) && refused.text.contains(#"action="/console/sign-out""#))
                #expect(!refused.text.contains(#"href="/console/tokens""#), "a publish token sees no admin links, here either")
                let unknown = try await browser.get("/console/apps/ghost")
                #expect(unknown.status == .notFound && unknown.text.contains(#"<nav aria-label="Main">"#))
                let signOut = try await browser.post("/console/sign-out", [("csrf", ConsoleBrowser.csrf(in: unknown))])
                #expect(signOut.status == .seeOther && signOut.headers[.location] == "/console/sign-in")
                let anonymous = try await client.execute(uri: "/console/nope", method: .get)
                #expect(anonymous.status == .notFound && !anonymous.text.contains("<nav"))
            }
        }
    }
}
