import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LaunchGateTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Console account pages: users and sessions, mail, tokens and operators, each with the API's scopes")
struct ConsoleAccountPagesTests {
    /// Signs an address in to the app "notes" on a device. - Returns: The session's ID.
    private func appSignIn(_ server: TestServer, _ email: String = "ada@example.com", device: String, client: String = "192.0.2.1") async throws -> String {
        _ = try await server.components.signIn.sendCode(app: "notes", email: email, client: client)
        let code = try #require(try await server.code(for: email))
        return try await server.components.signIn.verifyCode(app: "notes", email: email, code: code, deviceID: device,
                                                             client: client).completion.session.id
    }

    // MARK: Tests

    @Test("users are listed by address with a link to their sessions; an admin revokes one, a read token can only look")
    func usersAndSessions() async throws {
        let clock = TestClock()
        try await TestServer.with(now: clock.now) { server in
            let first = try await appSignIn(server, device: "phone")
            clock.advance(by: 61)
            let second = try await appSignIn(server, device: "tablet-1")
            let user = try #require(try await server.components.signIn.user(app: "notes", idOrEmail: "ada@example.com"))
            try await server.application.test(.router) { client in
                let reader = ConsoleBrowser(client)
                try await reader.signIn(try await server.token(scope: .read))
                let users = try await reader.get("/console/apps/notes/users")
                #expect(users.status == .ok && users.text.contains(#"href="/console/apps/notes/users/\#(user.id)">ada@example.com</a>"#))
                let page = try await reader.get("/console/apps/notes/users/\(user.id)")
                #expect(page.text.contains(first) && page.text.contains(second) && page.text.contains("tablet-1"))
                #expect(!page.text.contains("revoke-all"), "no revoke for a read token")
                let refused = try await reader.post("/console/apps/notes/users/\(user.id)/revoke",
                                                    [("csrf", ConsoleBrowser.csrf(in: page)), ("session", first)])
                #expect(refused.status == .forbidden)
                let admin = ConsoleBrowser(client)
                try await admin.signIn(server.adminToken)
                let adminPage = try await admin.get("/console/apps/notes/users/\(user.id)")
                let revoked = try await admin.post("/console/apps/notes/users/\(user.id)/revoke",
                                                   [("csrf", ConsoleBrowser.csrf(in: adminPage)), ("session", first)])
                #expect(revoked.status == .seeOther && revoked.headers[.location] == "/console/apps/notes/users/\(user.id)?revoked=1")
                let sessions = try await server.components.signIn.sessions(app: "notes", userID: user.id)
                #expect(sessions.first { $0.id == first }?.revokedAt != nil && sessions.first { $0.id == second }?.revokedAt == nil)
                let all = try await admin.post("/console/apps/notes/users/\(user.id)/revoke", [("csrf", ConsoleBrowser.csrf(in: adminPage)), ("all", "1")])
                #expect(all.status == .seeOther)
                #expect(try await server.components.signIn.sessions(app: "notes", userID: user.id).allSatisfy { $0.revokedAt != nil })
                #expect(try await admin.get("/console/apps/notes/users/usr_nope").status == .notFound)
            }
        }
    }

    @Test("the users list pages by address and says where the next page starts")
    func usersPaging() async throws {
        try await TestServer.with { server in
            let perPage = ConsoleController<LaunchGateRequestContext>.usersPerPage
            for index in 0...perPage {
                _ = try await appSignIn(server, String(format: "user%03d@example.com", index), device: "d", client: "198.51.100.\(index)")
            }
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let first = try await browser.get("/console/apps/notes/users")
                let last = String(format: "user%03d@example.com", perPage - 1)
                #expect(first.text.contains(last) && !first.text.contains(String(format: "user%03d@example.com", perPage)))
                #expect(first.text.contains(#"href="/console/apps/notes/users?after=\#(last.replacingOccurrences(of: "@", with: "%40"))" id="next-page""#))
                let next = try await browser.get("/console/apps/notes/users?after=" + last.replacingOccurrences(of: "@", with: "%40"))
                #expect(next.text.contains(String(format: "user%03d@example.com", perPage)) && !next.text.contains(last))
                #expect(!next.text.contains(#"id="next-page""#))
            }
        }
    }

    @Test("the mail page shows messages per state and a permanent failure with its address and error")
    func mail() async throws {
        try await TestServer.with { server in
            _ = try await server.components.signIn.sendCode(app: "notes", email: "bounce@example.com", client: "192.0.2.1")
            let message = try #require(try await server.components.signInRepository.claimDueMail(at: Date(), lease: 60, limit: 10).first)
            try await server.components.signInRepository.finishMail(id: message.id, state: .failed, error: "550 <no such user>", at: Date())
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(try await server.token(scope: .read))
                let page = try await browser.get("/console/mail")
                #expect(page.status == .ok)
                #expect(page.text.contains(#"<dd id="count-failed">1</dd>"#))
                #expect(page.text.contains("bounce@example.com") && page.text.contains("550 &lt;no such user&gt;"))
                #expect(page.text.contains(#"href="/console/mail""#), "the navigation links the page")
            }
        }
    }

    @Test("a failed console sign-in mail names an operator, so only admins see it on the mail page and in GET /v1/admin/mail")
    func operatorMailHidden() async throws {
        try await TestServer.with { server in
            _ = try await server.components.operators.add(email: "ops@example.com", scope: .read)
            _ = try await server.components.operatorSignIn.sendCode(email: "ops@example.com", client: "192.0.2.1")
            await server.components.operatorSignIn.sends.idle()
            let message = try #require(try await server.components.signInRepository.claimDueMail(at: Date(), lease: 60, limit: 10).first)
            try await server.components.signInRepository.finishMail(id: message.id, state: .failed, error: "550 gone", at: Date())
            let readToken = try await server.token(scope: .read)
            try await server.application.test(.router) { client in
                let reader = ConsoleBrowser(client)
                try await reader.signIn(readToken)
                let hidden = try await reader.get("/console/mail")
                #expect(hidden.status == .ok && !hidden.text.contains("ops@example.com"))
                let api = try await client.execute(uri: "/v1/admin/mail", method: .get, headers: [.authorization: "Bearer \(readToken)"])
                #expect(api.status == .ok && !String(buffer: api.body).contains("ops@example.com"))
                let admin = ConsoleBrowser(client)
                try await admin.signIn(server.adminToken)
                #expect(try await admin.get("/console/mail").text.contains("ops@example.com"))
            }
        }
    }

    @Test("an admin creates a token whose secret is shown once and works, and revokes it; other scopes are refused")
    func tokens() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let publisher = ConsoleBrowser(client)
                try await publisher.signIn(try await server.token(scope: .publish))
                #expect(try await publisher.get("/console/tokens").status == .forbidden)
                let admin = ConsoleBrowser(client)
                try await admin.signIn(server.adminToken)
                let page = try await admin.get("/console/tokens")
                #expect(page.status == .ok && page.text.contains(#"href="/console/tokens""#))
                let created = try await admin.post("/console/tokens", [("csrf", ConsoleBrowser.csrf(in: page)), ("name", "<b>CI</b>"), ("scope", "read")])
                #expect(created.status == .ok && created.headers[.cacheControl] == "no-store")
                let secret = try #require(created.text.range(of: #"lgt_[0-9a-f]{12}_[0-9a-f]{64}"#, options: .regularExpression).map { String(created.text[$0]) })
                #expect(created.text.contains("&lt;b&gt;CI&lt;/b&gt;") && !created.text.contains("<b>CI</b>"))
                #expect(try await server.components.tokens.verify(secret)?.scope == .read)
                let listed = try await admin.get("/console/tokens")
                #expect(!listed.text.contains(secret), "the secret is shown once")
                let id = try #require(AdminTokens.tokenID(fromArgument: secret))
                let missing = try await admin.post("/console/tokens/revoke", [("id", id)])
                #expect(missing.status == .forbidden, "a revoke without the CSRF token is refused")
                let revoked = try await admin.post("/console/tokens/revoke", [("csrf", ConsoleBrowser.csrf(in: page)), ("id", id)])
                #expect(revoked.status == .seeOther)
                #expect(try await server.components.tokens.verify(secret) == nil)
            }
        }
    }

    @Test("an admin adds and removes operators in the console; a bad address is shown next to the form")
    func operators() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let admin = ConsoleBrowser(client)
                try await admin.signIn(server.adminToken)
                let page = try await admin.get("/console/operators")
                let csrf = ConsoleBrowser.csrf(in: page)
                let added = try await admin.post("/console/operators", [("csrf", csrf), ("email", "Ada@Example.com"), ("scope", "publish")])
                #expect(added.status == .seeOther)
                #expect(try await server.components.operators.find(email: "ada@example.com")?.scope == .publish)
                let listed = try await admin.get("/console/operators?added=1")
                #expect(listed.text.contains("ada@example.com") && listed.text.contains(#"id="notice""#))
                let twice = try await admin.post("/console/operators", [("csrf", csrf), ("email", "ada@example.com"), ("scope", "read")])
                #expect(twice.status == .conflict && twice.text.contains("already an operator"))
                let bad = try await admin.post("/console/operators", [("csrf", csrf), ("email", "not an address"), ("scope", "read")])
                #expect(bad.status == .badRequest && bad.text.contains(#"id="operator-email-error""#))
                let removed = try await admin.post("/console/operators/remove", [("csrf", csrf), ("email", "ada@example.com")])
                #expect(removed.status == .seeOther)
                #expect(try await server.components.operators.find(email: "ada@example.com") == nil)
            }
        }
    }
}
