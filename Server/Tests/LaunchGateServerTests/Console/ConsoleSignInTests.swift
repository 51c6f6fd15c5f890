import Foundation
import HTTPTypes
import HummingbirdTesting
import LaunchGate
import LaunchGateTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Sign-in hardening: a signed, short-lived, client-bound form cookie; sessions capped per
/// token; successful sign-ins limited per client.
@Suite("Console sign-in: signed forms bound to the client, sessions capped per token, sign-ins limited")
struct ConsoleSignInTests {
    /// A server behind a trusted proxy on loopback, so each browser can be another client by `X-Forwarded-For`.
    private func withProxiedServer(now: @escaping @Sendable () -> Date = Date.init, _ body: (TestServer) async throws -> Void) async throws {
        let base = try await TestServer.make(now: now)
        var configuration = base.configuration
        configuration.trustedProxies = [try IPNetwork(parsing: "127.0.0.1/32"), try IPNetwork(parsing: "::1/128")]
        let server = TestServer(components: base.components, configuration: configuration, adminToken: base.adminToken, location: base.location)
        do { try await body(server) } catch {
            await server.close()
            throw error
        }
        await server.close()
    }

    private func browser(_ client: any TestClientProtocol, address: String) -> ConsoleBrowser {
        let browser = ConsoleBrowser(client)
        browser.extraHeaders[HTTPField.Name("X-Forwarded-For")!] = address
        return browser
    }

    // MARK: Tests

    @Test("a sign-in cookie and token made up outside the server (an unsigned double submit) are refused")
    func forgedForm() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                // What a sibling subdomain could plant: its own secret, and the token derived from it.
                let secret = ConsoleSessions.randomSecret()
                browser.cookies[ConsoleCookies.signIn] = secret
                let response = try await browser.post("/console/sign-in", [("csrf", ConsoleSessions.csrfToken(for: secret)), ("token", server.adminToken)])
                #expect(response.status == .forbidden)
                #expect(browser.cookies[ConsoleCookies.session] == nil)
                let page = try await browser.get("/console/sign-in")
                let cookie = try #require(browser.cookies[ConsoleCookies.signIn])
                #expect(cookie.split(separator: ".").count == 3, "nonce, expiry and signature")
                browser.cookies[ConsoleCookies.signIn] = String(cookie.dropLast()) + (cookie.hasSuffix("0") ? "1" : "0")
                #expect(try await browser.post("/console/sign-in", [("csrf", ConsoleBrowser.csrf(in: page)), ("token", server.adminToken)]).status == .forbidden,
                        "a cookie with a changed signature")
            }
        }
    }

    @Test("a signed sign-in form fetched by one client is refused from another, so it can't be planted in a victim's browser")
    func boundToClient() async throws {
        try await withProxiedServer { server in
            try await server.application.test(.live) { client in
                let attacker = browser(client, address: "203.0.113.7")
                let page = try await attacker.get("/console/sign-in")
                let victim = browser(client, address: "198.51.100.20")
                victim.cookies[ConsoleCookies.signIn] = attacker.cookies[ConsoleCookies.signIn]
                let planted = try await victim.post("/console/sign-in", [("csrf", ConsoleBrowser.csrf(in: page)), ("token", server.adminToken)])
                #expect(planted.status == .forbidden)
                let own = try await attacker.post("/console/sign-in", [("csrf", ConsoleBrowser.csrf(in: page)), ("token", server.adminToken)])
                #expect(own.status == .seeOther, "the client it was made for signs in")
            }
        }
    }

    @Test("a sign-in form older than ten minutes is refused")
    func expires() async throws {
        let clock = TestClock(Samples.now)
        try await TestServer.with(now: clock.now) { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                let page = try await browser.get("/console/sign-in")
                clock.advance(by: TimeInterval(ConsoleSignInForms.lifetime + 1))
                #expect(try await browser.post("/console/sign-in", [("csrf", ConsoleBrowser.csrf(in: page)), ("token", server.adminToken)]).status == .forbidden)
                #expect(try await browser.signIn(server.adminToken).status == .seeOther, "a fresh page works")
            }
        }
    }

    @Test("one token signing in again and again pushes out only its own oldest sessions, never another holder's")
    func sessionsPerToken() async throws {
        try await withProxiedServer { server in
            try await server.application.test(.live) { client in
                let other = browser(client, address: "192.0.2.1")
                try await other.signIn(try await server.token(scope: .read))
                let holder = try await server.token(scope: .read)
                var browsers: [ConsoleBrowser] = []
                for index in 0..<(ConsoleController<LaunchGateRequestContext>.maximumSessionsPerToken + 2) {
                    let signedIn = browser(client, address: "203.0.113.\(index + 1)")
                    #expect(try await signedIn.signIn(holder).status == .seeOther)
                    browsers.append(signedIn)
                }
                #expect(try await other.get("/console/apps").status == .ok, "the other holder's session survives")
                #expect(try await browsers[0].get("/console/apps").status == .seeOther, "the holder's oldest session was evicted")
                #expect(try await browsers[1].get("/console/apps").status == .seeOther)
                #expect(try await browsers[2].get("/console/apps").status == .ok)
                #expect(try await server.components.consoleSessions.count() == ConsoleController<LaunchGateRequestContext>.maximumSessionsPerToken + 1)
            }
        }
    }

    @Test("successful sign-ins are limited per client: past the burst, 429 with Retry-After, while another client still signs in")
    func signInsLimited() async throws {
        try await withProxiedServer { server in
            try await server.application.test(.live) { client in
                let busy = browser(client, address: "203.0.113.9")
                for _ in 0..<10 {
                    // Signed out each time: with a session, the sign-in page sends the browser on to the apps.
                    busy.cookies = [:]
                    #expect(try await busy.signIn(server.adminToken).status == .seeOther)
                }
                busy.cookies = [:]
                let limited = try await busy.signIn(server.adminToken)
                #expect(limited.status == .tooManyRequests)
                #expect(limited.text.contains("Too many sign-ins from here"))
                #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 > 0)
                #expect(try await browser(client, address: "198.51.100.3").signIn(server.adminToken).status == .seeOther)
            }
        }
    }
}
