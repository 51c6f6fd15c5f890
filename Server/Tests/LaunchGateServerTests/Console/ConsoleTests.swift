import Foundation
import HTTPTypes
import Hummingbird
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

@Suite("Web console: security headers, cookies, CSRF, escaping, and the same services as the API")
struct ConsoleTests {
    /// The editor's fields for the sample policy (iOS only), with some changed.
    private func editorFields(_ csrf: String, required: String = "2.0.0", notes: String = "Bug fixes.",
                              confirm: Bool = false, note: String = "", base: String = "1") -> [(String, String)] {
        var fields = [("csrf", csrf), ("base", base), ("platform", "ios"), ("ios.latestVersion", "2.4.1"), ("ios.notes", notes), ("ios.required", required),
                      ("ios.updateURL", "https://apps.apple.com/app/id1"), ("platform", "android"), ("android.latestVersion", "2.4.0"),
                      ("android.required", "1.9.0"), ("android.updateURL", "https://play.google.com/store/apps/details?id=x"), ("note", note)]
        if confirm { fields.append(("confirm", "on")) }
        return fields
    }

    /// Text as Mustache's `{{ }}` writes it.
    private func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }

    // MARK: Tests

    @Test("every console response carries the CSP, frame, sniffing and referrer headers, errors and assets included")
    func securityHeaders() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let stylesheet = try #require(try Regex(#"href="(/console/assets/[^"]+\.css)""#)
                    .firstMatch(in: try await client.execute(uri: "/console/sign-in", method: .get).text)?.output[1].substring)
                let requests: [(String, HTTPRequest.Method)] = [
                    ("/console/sign-in", .get), (String(stylesheet), .get), ("/console/assets/nothing.js", .get),
                    ("/console/apps/nope/history", .get), ("/console/nope", .get), ("/console/a/b/c", .post),
                    ("/console/sign-out", .get), ("/console/sign-in", .head), ("/console/apps", .options),
                ]
                for (uri, method) in requests {
                    let response = try await client.execute(uri: uri, method: method)
                    #expect(response.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'self'") == true, "\(uri)")
                    #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY", "\(uri)")
                    #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
                    #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer", "\(uri)")
                }
                let unknown = try await client.execute(uri: "/console/nope", method: .get)
                #expect(unknown.status == .notFound)
                #expect(unknown.text.contains("There is no console page at this address."), "an unknown page gets the console's error page")
                let huge = try await client.execute(uri: "/console/sign-in", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                                    body: ByteBuffer(repeating: UInt8(ascii: "a"), count: 1_100_000))
                #expect(huge.status == .contentTooLarge, "a form past the limit is the sender's problem, not a 500")
                let page = try await client.execute(uri: "/console/sign-in", method: .get)
                #expect(!page.text.contains("style=\""), "no inline style: the CSP forbids it")
                #expect(!page.text.contains("<script>"), "no inline script: the CSP forbids it")
            }
        }
    }

    @Test("pages without a session send the browser to sign-in")
    func signInRequired() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                for uri in ["/console/apps", "/console/apps/notes/policy", "/console/apps/notes/history", "/console/apps/notes/adoption"] {
                    let response = try await client.execute(uri: uri, method: .get)
                    #expect(response.status == .seeOther)
                    #expect(response.headers[.location] == "/console/sign-in")
                }
            }
        }
    }

    @Test("signing in sets an HttpOnly, SameSite=Strict session cookie for /console, stored only as a hash")
    func sessionCookie() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                let response = try await browser.signIn(server.adminToken)
                #expect(response.status == .seeOther)
                let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("lgc_session=") })
                #expect(cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Strict") && cookie.contains("; Path=/console"))
                #expect(!cookie.contains("Secure"), "plain HTTP from an untrusted peer")
                let secret = try #require(browser.cookies["lgc_session"])
                #expect(try await server.components.consoleSessions.session(hash: ConsoleSessions.hash(secret)) != nil)
                #expect(try await server.components.consoleSessions.session(hash: secret) == nil, "the secret itself is not stored")
                let apps = try await browser.get("/console/apps")
                #expect(apps.status == .ok)
                #expect(apps.text.contains("Notes"))
            }
        }
    }

    @Test("behind a trusted proxy that says https, the cookie is Secure; an untrusted peer's header is ignored")
    func secureCookie() async throws {
        let base = try await TestServer.make()
        var configuration = base.configuration
        configuration.trustedProxies = [try IPNetwork(parsing: "127.0.0.1/32"), try IPNetwork(parsing: "::1/128")]
        let server = TestServer(components: base.components, configuration: configuration, adminToken: base.adminToken, location: base.location)
        try await server.application.test(.live) { client in
            let browser = ConsoleBrowser(client)
            browser.extraHeaders[HTTPField.Name("X-Forwarded-Proto")!] = "https"
            let response = try await browser.signIn(server.adminToken)
            #expect(response.headers[values: .setCookie].contains { $0.hasPrefix("lgc_session=") && $0.hasSuffix("; Secure") })
        }
        try await base.application.test(.live) { client in
            let browser = ConsoleBrowser(client)
            browser.extraHeaders[HTTPField.Name("X-Forwarded-Proto")!] = "https"
            let response = try await browser.signIn(base.adminToken)
            #expect(!response.headers[values: .setCookie].contains { $0.contains("Secure") })
        }
        await base.close()
    }

    @Test("a wrong token is refused on the page, and repeated failures are limited like the API's")
    func wrongToken() async throws {
        let base = try await TestServer.make()
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, defaultApp: "notes", authFailureBurst: 2, authFailureRefillPerSecond: 0.0001)
        let server = TestServer(components: base.components, configuration: configuration, adminToken: base.adminToken, location: base.location)
        try await server.application.test(.live) { client in
            let browser = ConsoleBrowser(client)
            let wrong = "lgt_000000000000_" + String(repeating: "0", count: 64)
            #expect(try await browser.signIn(wrong).status == .unauthorized)
            #expect(try await browser.signIn(wrong).status == .unauthorized)
            let limited = try await browser.signIn(server.adminToken)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.text.contains("Too many failed sign-ins"))
            #expect(browser.cookies["lgc_session"] == nil)
        }
        await server.close()
    }

    @Test("posts without the session's CSRF token are refused with 403, sign-in and sign-out included")
    func csrf() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                _ = try await browser.get("/console/sign-in")
                #expect(try await browser.post("/console/sign-in", [("token", server.adminToken)]).status == .forbidden)
                try await browser.signIn(server.adminToken)
                let editor = try await browser.get("/console/apps/notes/policy")
                let csrf = ConsoleBrowser.csrf(in: editor)
                #expect(csrf.count == 64)
                let forged = try await browser.post("/console/apps/notes/policy/publish", editorFields("", required: "2.1.0"))
                #expect(forged.status == .forbidden)
                let other = try await browser.post("/console/apps/notes/policy/publish", editorFields(String(repeating: "a", count: 64), required: "2.1.0"))
                #expect(other.status == .forbidden)
                #expect(try await browser.post("/console/apps/notes/history/rollback", [("revision", "1")]).status == .forbidden)
                #expect(try await browser.post("/console/sign-out", []).status == .forbidden)
                #expect(try await server.components.repository.revisions(appID: "notes", channel: .production).count == 1, "nothing was published")
                let published = try await browser.post("/console/apps/notes/policy/publish", editorFields(csrf, required: "2.1.0"))
                #expect(published.status == .seeOther)
                #expect(try await server.components.repository.revisions(appID: "notes", channel: .production).count == 2)
            }
        }
    }

    @Test("release notes and history notes with markup render as text, in previews and in the history")
    func escaping() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/policy"))
                let payload = "<script>alert(1)</script><img src=x onerror=alert(2)>"
                let preview = try await browser.post("/console/apps/notes/policy/preview-fragment", editorFields(csrf, notes: payload))
                #expect(preview.status == .ok)
                #expect(preview.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
                #expect(!preview.text.contains("<script>") && !preview.text.contains("<img"))
                let published = try await browser.post("/console/apps/notes/policy/publish", editorFields(csrf, notes: payload, note: payload))
                #expect(published.status == .seeOther)
                let history = try await browser.get(try #require(published.headers[.location]))
                #expect(history.text.contains("&lt;img src=x onerror=alert(2)&gt;"))
                #expect(!history.text.contains("<script>") && !history.text.contains("<img"))
                try await server.components.repository.createApp(AppRecord(id: "marked", name: payload, createdAt: Samples.now))
                let apps = try await browser.get("/console/apps")
                #expect(apps.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
                #expect(!apps.text.contains("<script>") && !apps.text.contains("<img"))
            }
        }
    }

    @Test("the preview shows the dry run's impact and the required screen in the SDK's words; a read token can't publish")
    func previewAndScopes() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(try await server.token(scope: .read))
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/policy"))
                try await AdoptionFixture.established((0..<4).map {
                    InstallSighting(appID: "notes", platform: .ios, installHash: "h\($0)", version: $0 < 3 ? "2.1.0" : "2.4.1", at: Date())
                }, in: server.components.installs)
                let fields = editorFields(csrf, required: "2.2.0")
                let preview = try await browser.post("/console/apps/notes/policy/preview-fragment", fields)
                let form = ConsoleForm(encoded: fields.map { "\(ConsoleBrowser.encode($0.0))=\(ConsoleBrowser.encode($0.1))" }.joined(separator: "&"))
                let draft = try #require(PolicyDraft(form: form, base: Samples.policy(), app: "notes", now: Samples.now).policy)
                let impact = try await server.components.adoption.impact(of: draft, app: "notes", channel: .production)
                #expect(impact.active.blocked == 3)
                #expect(preview.text.contains(html(ImpactSentences(impact).headline)))
                let required = GateScreen.make(for: UpdatePrompt(kind: .updateRequired, targetVersion: "2.4.1", reason: .belowMinimum),
                                               style: .blocking, platform: .ios, hasUpdateURL: true)
                #expect(preview.text.contains(html(required.title)) && preview.text.contains(html(required.message)))
                #expect(preview.text.contains(#"id="preview-ios-en-required""#))
                #expect(!preview.text.contains("publish-button"), "a read token sees no Publish button")
                let refused = try await browser.post("/console/apps/notes/policy/publish", editorFields(csrf, required: "2.2.0"))
                #expect(refused.status == .forbidden)
            }
        }
    }

    @Test("without JavaScript, the Preview button renders the whole editor with the draft's fields, impact and screens")
    func previewWithoutScript() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/policy"))
                let page = try await browser.post("/console/apps/notes/policy/preview", editorFields(csrf, required: "2.2.0"))
                #expect(page.status == .ok)
                #expect(page.text.hasPrefix("<!DOCTYPE html>"))
                #expect(page.text.contains(#"id="f-ios-required" name="ios.required" value="2.2.0""#))
                #expect(page.text.contains(#"id="impact-summary""#) && page.text.contains(#"id="preview-ios-en-required""#))
            }
        }
    }

    @Test("invalid fields come back next to the field with the core's message, and nothing is published")
    func inlineValidation() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/policy"))
                let response = try await browser.post("/console/apps/notes/policy/publish", editorFields(csrf, required: "3.0.0"))
                #expect(response.status == .unprocessableContent)
                #expect(response.text.contains(#"id="f-ios-required-error""#))
                #expect(response.text.contains("the required version 3.0.0 is above the latest 2.4.1"))
                #expect(try await server.components.repository.revisions(appID: "notes", channel: .production).count == 1)
            }
        }
    }

    @Test("revoking the token ends its console sessions; an expired session does too")
    func revocationAndExpiry() async throws {
        let clock = TestClock(Samples.now)
        try await TestServer.with(now: clock.now) { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                #expect(try await browser.get("/console/apps").status == .ok)
                clock.advance(by: ConsoleController<LaunchGateRequestContext>.sessionLifetime + 1)
                #expect(try await browser.get("/console/apps").status == .seeOther)
                let token = try await server.token(scope: .publish)
                try await browser.signIn(token)
                #expect(try await browser.get("/console/apps").status == .ok)
                let id = String(token.split(separator: "_")[1])
                #expect(try await server.components.repository.revokeToken(id: id, at: clock.now()))
                #expect(try await browser.get("/console/apps").status == .seeOther)
            }
        }
    }
}
