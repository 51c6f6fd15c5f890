import Foundation
import HTTPTypes
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

@Suite("Console sign-in by emailed code: the same answers for every address, sessions with the operator's scope")
struct ConsoleOperatorSignInTests {
    /// The editor's fields for the sample policy, with the required version changed.
    private func editorFields(_ csrf: String, required: String, base: String = "1") -> [(String, String)] {
        [("csrf", csrf), ("base", base), ("platform", "ios"), ("ios.latestVersion", "2.4.1"), ("ios.notes", "Bug fixes."), ("ios.required", required),
         ("ios.updateURL", "https://apps.apple.com/app/id1"), ("platform", "android"), ("android.latestVersion", "2.4.0"),
         ("android.required", "1.9.0"), ("android.updateURL", "https://play.google.com/store/apps/details?id=x"), ("note", "")]
    }

    /// A page's text without what differs on every render: CSRF tokens.
    private func stable(_ response: TestResponse) -> String {
        response.text.replacingOccurrences(of: #"[0-9a-f]{64}"#, with: "CSRF", options: .regularExpression)
    }

    /// Asks for a code for the address on the sign-in page. - Returns: The answer.
    private func askForCode(_ browser: ConsoleBrowser, _ email: String) async throws -> TestResponse {
        let page = try await browser.get("/console/sign-in")
        return try await browser.post("/console/sign-in/email", [("csrf", ConsoleBrowser.csrf(in: page)), ("email", email)])
    }

    /// Signs in as the operator with the code from the mail. - Returns: The answer to the code form.
    @discardableResult
    private func signIn(_ browser: ConsoleBrowser, _ server: TestServer, _ email: String) async throws -> TestResponse {
        let codePage = try await askForCode(browser, email)
        let code = try #require(try await server.code(for: email, app: OperatorSignIn.appID))
        return try await browser.post("/console/sign-in/code", [("csrf", ConsoleBrowser.csrf(in: codePage)), ("email", email), ("code", code)])
    }

    private func mailCount(_ server: TestServer) async throws -> Int {
        await server.components.operatorSignIn.sends.idle()
        return try await server.components.signInRepository.outboxStatus().counts.values.reduce(0, +)
    }

    // MARK: Tests

    @Test("asking for a code answers the same page for an operator and for a stranger, and mails only the operator")
    func noEnumeration() async throws {
        try await TestServer.with { server in
            _ = try await server.components.operators.add(email: "ada@example.com", scope: .read)
            try await server.application.test(.router) { client in
                let operatorAnswer = try await askForCode(ConsoleBrowser(client), "ada@example.com")
                let strangerAnswer = try await askForCode(ConsoleBrowser(client), "eve@example.com")
                #expect(operatorAnswer.status == .ok && strangerAnswer.status == .ok)
                #expect(stableHeaders(operatorAnswer) == stableHeaders(strangerAnswer))
                #expect(stable(operatorAnswer).replacingOccurrences(of: "ada@example.com", with: "ADDRESS")
                        == stable(strangerAnswer).replacingOccurrences(of: "eve@example.com", with: "ADDRESS"))
                #expect(operatorAnswer.text.contains("If <strong>ada@example.com</strong> belongs to a console operator"))
                #expect(try await mailCount(server) == 1)
                let again = try await askForCode(ConsoleBrowser(client), "eve@example.com")
                let operatorAgain = try await askForCode(ConsoleBrowser(client), "ada@example.com")
                #expect(again.status == .tooManyRequests && operatorAgain.status == .tooManyRequests, "the same limits for both")
                let forged = try await ConsoleBrowser(client).post("/console/sign-in/email", [("email", "ada@example.com")])
                #expect(forged.status == .forbidden, "the email form needs its CSRF token")
            }
        }
    }

    /// The answer's headers, without the values that differ on every answer: the signed sign-in
    /// cookie and the request ID.
    private func stableHeaders(_ response: TestResponse) -> [String] {
        response.headers.map { field in
            let name = field.name.canonicalName
            return name == "set-cookie" ? "set-cookie: " + (field.value.split(separator: "=").first ?? "")
                : name == "x-request-id" ? name : "\(name): \(field.value)"
        }.sorted()
    }

    @Test("with the send queue full, an operator and a stranger get the same status, headers and page, the drops show in /metrics, and no mail is queued")
    func fullQueueSameAnswer() async throws {
        try await TestServer.with { server in
            _ = try await server.components.operators.add(email: "ada@example.com", scope: .read)
            let sends = server.components.operatorSignIn.sends
            let gate = TestGate()
            for _ in 0..<sends.capacity { #expect(sends.submit { await gate.wait() }) }
            try await server.application.test(.router) { client in
                let metrics = { try await client.execute(uri: "/metrics", method: .get, headers: TestServer.bearer(server.adminToken)).text }
                let before = metricValue(try await metrics(), "launchgate_console_code_sends_dropped_total")
                let operatorAnswer = try await askForCode(ConsoleBrowser(client), "ada@example.com")
                let strangerAnswer = try await askForCode(ConsoleBrowser(client), "eve@example.com")
                #expect(operatorAnswer.status == .ok && strangerAnswer.status == .ok)
                #expect(stableHeaders(operatorAnswer) == stableHeaders(strangerAnswer))
                #expect(stable(operatorAnswer).replacingOccurrences(of: "ada@example.com", with: "ADDRESS")
                        == stable(strangerAnswer).replacingOccurrences(of: "eve@example.com", with: "ADDRESS"))
                #expect(metricValue(try await metrics(), "launchgate_console_code_sends_dropped_total") == before + 1,
                        "the operator's was dropped; the stranger's never takes a place")
                gate.open()
                #expect(try await mailCount(server) == 0, "the operator's request was dropped after its answer")
            }
            gate.open()
        }
    }

    @Test("requests for addresses that are no operator's take no place on the send queue, so a flood of them can't drop an operator's code")
    func strangersTakeNoPlace() async throws {
        try await TestServer.with { server in
            _ = try await server.components.operators.add(email: "ada@example.com", scope: .read)
            let sends = server.components.operatorSignIn.sends
            try await server.application.test(.router) { client in
                for index in 0..<10 {
                    let answer = try await askForCode(ConsoleBrowser(client), "eve\(index)@example.com")
                    #expect(answer.status == .ok)
                }
                #expect(sends.pending == 0, "made-up addresses queued work")
                let answer = try await askForCode(ConsoleBrowser(client), "ada@example.com")
                #expect(answer.status == .ok)
                #expect(sends.pending == 1)
                await sends.idle()
                let mailed = try await mailCount(server)
                #expect(mailed == 1, "the operator's code is mailed")
            }
        }
    }

    @Test("the right code starts a session with the operator's scope, and history names the operator as the publisher")
    func publishAsOperator() async throws {
        try await TestServer.with { server in
            _ = try await server.components.operators.add(email: "ada@example.com", scope: .publish)
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                let signedIn = try await signIn(browser, server, "ada@example.com")
                #expect(signedIn.status == .seeOther && signedIn.headers[.location] == "/console/apps")
                #expect(browser.cookies["lgc_session"] != nil && browser.cookies["lgc_signin"] == nil)
                let apps = try await browser.get("/console/apps")
                #expect(apps.text.contains("ada@example.com · publish"))
                #expect(!apps.text.contains("/console/tokens"), "no admin links for a publish operator")
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/policy"))
                let published = try await browser.post("/console/apps/notes/policy/publish", editorFields(csrf, required: "2.1.0"))
                #expect(published.status == .seeOther)
                #expect(try await server.components.repository.revisions(appID: "notes", channel: .production).first?.author == "ada@example.com")
                #expect(try await browser.get("/console/tokens").status == .forbidden)
                #expect(try await browser.get("/console/operators").status == .forbidden)
            }
        }
    }

    @Test("a read operator can look but not publish")
    func readOperator() async throws {
        try await TestServer.with { server in
            _ = try await server.components.operators.add(email: "ada@example.com", scope: .read)
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                try await signIn(browser, server, "ada@example.com")
                let editor = try await browser.get("/console/apps/notes/policy")
                #expect(editor.status == .ok)
                let refused = try await browser.post("/console/apps/notes/policy/publish", editorFields(ConsoleBrowser.csrf(in: editor), required: "2.1.0"))
                #expect(refused.status == .forbidden)
                #expect(try await server.components.repository.revisions(appID: "notes", channel: .production).count == 1)
            }
        }
    }

    @Test("a wrong code shows the code form again with 401, and no session starts")
    func wrongCode() async throws {
        try await TestServer.with { server in
            _ = try await server.components.operators.add(email: "ada@example.com", scope: .admin)
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                let codePage = try await askForCode(browser, "ada@example.com")
                let code = try #require(try await server.code(for: "ada@example.com", app: OperatorSignIn.appID))
                let wrong = try await browser.post("/console/sign-in/code", [("csrf", ConsoleBrowser.csrf(in: codePage)),
                                                                            ("email", "ada@example.com"), ("code", SignInFixture.wrong(code))])
                #expect(wrong.status == .unauthorized)
                #expect(wrong.text.contains("That code is not right") && wrong.text.contains(#"id="code""#))
                #expect(browser.cookies["lgc_session"] == nil)
                let stranger = try await browser.post("/console/sign-in/code", [("csrf", ConsoleBrowser.csrf(in: wrong)),
                                                                               ("email", "eve@example.com"), ("code", code)])
                #expect(stranger.status == .unauthorized)
                #expect(stable(stranger).replacingOccurrences(of: "eve@example.com", with: "ADDRESS")
                        == stable(wrong).replacingOccurrences(of: "ada@example.com", with: "ADDRESS"), "the same refusal for a stranger")
                #expect(browser.cookies["lgc_session"] == nil)
            }
        }
    }

    @Test("past the address's room the code page names 9 digits for an operator and a stranger alike, and the form takes the 9-digit code")
    func longCode() async throws {
        try await TestServer.with { server in
            _ = try await server.components.operators.add(email: "ada@example.com", scope: .read)
            for email in ["ada@example.com", "eve@example.com"] {
                let room = server.components.signIn.configuration.shortCodeRoom(app: OperatorSignIn.appID, email: email)
                #expect(try await server.components.signInRepository.record(room.charge(room.limit), at: Date()) == nil)
            }
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                let codePage = try await askForCode(browser, "ada@example.com")
                let stranger = try await askForCode(ConsoleBrowser(client), "eve@example.com")
                #expect(codePage.text.contains("a 9-digit code is on its way") && codePage.text.contains(#"maxlength="9""#))
                #expect(codePage.text.contains(#"pattern="[0-9]{6}|[0-9]{9}""#) && codePage.text.contains(#"name="length" value="9""#))
                #expect(stable(codePage).replacingOccurrences(of: "ada@example.com", with: "ADDRESS")
                        == stable(stranger).replacingOccurrences(of: "eve@example.com", with: "ADDRESS"))
                let code = try #require(try await server.code(for: "ada@example.com", app: OperatorSignIn.appID))
                #expect(code.count == 9)
                let fields = [("csrf", ConsoleBrowser.csrf(in: codePage)), ("email", "ada@example.com"), ("length", "9")]
                let short = try await browser.post("/console/sign-in/code", fields + [("code", String(code.prefix(7)))])
                #expect(short.status == .unauthorized && short.text.contains("The code is 6 or 9 digits") && short.text.contains("a 9-digit code"))
                let signedIn = try await browser.post("/console/sign-in/code", [("csrf", ConsoleBrowser.csrf(in: short))] + fields.dropFirst() + [("code", code)])
                #expect(signedIn.status == .seeOther && signedIn.headers[.location] == "/console/apps")
            }
        }
    }

    @Test("removing an operator ends their console session at once")
    func removalEndsSession() async throws {
        try await TestServer.with { server in
            _ = try await server.components.operators.add(email: "ada@example.com", scope: .admin)
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                try await signIn(browser, server, "ada@example.com")
                #expect(try await browser.get("/console/operators").status == .ok)
                try await server.components.operators.remove(email: "ada@example.com")
                let after = try await browser.get("/console/apps")
                #expect(after.status == .seeOther && after.headers[.location] == "/console/sign-in")
                _ = try await server.components.operators.add(email: "ada@example.com", scope: .admin)
                #expect(try await browser.get("/console/apps").status == .seeOther, "adding the address again revives no old session")
            }
        }
    }
}
