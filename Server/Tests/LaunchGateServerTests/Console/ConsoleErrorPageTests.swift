import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Error pages were drawn without the signed-in bar, so an operator refused a page, or sent to an
/// unknown app, lost the navigation and the way to sign out; then they read the session a second
/// time to draw it, and an unknown app got a page titled "Can't do that" in the CLI's words.
@Suite("Console error pages keep the navigation for whoever is signed in, read the session once, and speak the console's words")
struct ConsoleErrorPageTests {
    /// A session store that counts reads of a session.
    private actor CountingSessions: ConsoleSessionRepository {
        private let base = MemoryConsoleSessionRepository()
        private(set) var reads = 0

        func insert(_ session: ConsoleSessionRecord, keepingAtMost limit: Int, perToken: Int, now: Date) async throws {
            await base.insert(session, keepingAtMost: limit, perToken: perToken, now: now)
        }

        func session(hash: String) async throws -> ConsoleSessionRecord? {
            reads += 1
            return await base.session(hash: hash)
        }

        func delete(hash: String) async throws { await base.delete(hash: hash) }
        func count() async throws -> Int { await base.count() }
    }

    // MARK: Tests

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
                let noPage = try await browser.get("/console/nope")
                #expect(noPage.status == .notFound && noPage.text.contains(#"<nav aria-label="Main">"#) && noPage.text.contains("<h1>Page not found</h1>"))
                let signOut = try await browser.post("/console/sign-out", [("csrf", ConsoleBrowser.csrf(in: unknown))])
                #expect(signOut.status == .seeOther && signOut.headers[.location] == "/console/sign-in")
                let anonymous = try await client.execute(uri: "/console/nope", method: .get)
                #expect(anonymous.status == .notFound && !anonymous.text.contains("<nav"))
            }
        }
    }

    @Test("an unknown app's page is titled App not found and says so in a sentence, not in the CLI's words")
    func unknownApp() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                for path in ["/console/apps/ghost", "/console/apps/ghost/policy", "/console/apps/ghost/history", "/console/apps/ghost/adoption"] {
                    let page = try await browser.get(path)
                    #expect(page.status == .notFound, "\(path)")
                    #expect(page.text.contains("<title>App not found · LaunchGate</title>") && page.text.contains("<h1>App not found</h1>"), "\(path)")
                    #expect(page.text.contains("There is no app “ghost”. Check the address, or choose an app from the list."), "\(path)")
                    #expect(!page.text.contains("launchgate apps create"), "\(path)")
                }
                let revision = try await browser.get("/console/apps/notes/history/99")
                #expect(revision.status == .notFound && revision.text.contains("<h1>Revision not found</h1>"))
                let forbidden = try await ConsoleBrowser(client).get("/console/tokens")
                #expect(forbidden.status == .seeOther, "signed out, a page sends to sign-in rather than refusing")
            }
        }
    }

    @Test("an error page reads the session once, with the handler, never again to draw the navigation; a refusal for too many requests included")
    func oneSessionRead() async throws {
        try await TestServer.with { server in
            let sessions = CountingSessions()
            let limits = ConsoleLimits(previewsPerSession: RateLimiter(capacity: 1, perSecond: 0.001))
            try await Application(router: try server.consoleRouter(sessions: sessions, limits: limits), logger: TestBackend.logger).test(.router) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/policy"))
                let form = [("csrf", csrf), ("platform", "ios"), ("ios.latestVersion", "2.4.1")]
                #expect(try await browser.post("/console/apps/notes/policy/preview-fragment", form).status == .ok)
                for (path, status) in [("/console/apps/ghost", 404), ("/console/apps/notes/history/99", 404), ("/console/nope", 404)] {
                    let before = await sessions.reads
                    let page = try await browser.get(path)
                    #expect(page.status.code == status && page.text.contains(#"<nav aria-label="Main">"#), "\(path)")
                    #expect(await sessions.reads - before == 1, "\(path)")
                }
                let before = await sessions.reads
                let refused = try await browser.post("/console/apps/notes/policy/preview-fragment", form)
                #expect(refused.status == .tooManyRequests && refused.text.contains(#"<nav aria-label="Main">"#))
                #expect(await sessions.reads - before == 1, "the refusal draws the navigation from the session its handler read")
            }
        }
    }
}
