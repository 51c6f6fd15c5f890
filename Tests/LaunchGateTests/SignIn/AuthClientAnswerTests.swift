import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@Suite("The sign-in client's answers: success, every error code, and what refuses to be read")
struct AuthClientAnswerTests {
    private let transport = ScriptedTransport()

    private func sendFailure(_ response: TransportResponse) async -> SignInError? {
        transport.enqueue(.respond(response), for: SignInFixtures.sendCode)
        return await #expect(throws: SignInError.self) { try await SignInFixtures.client(transport).sendCode(to: SignInFixtures.ada) }
    }

    // MARK: Success

    @Test("send-code reads the code length, lifetime, resend wait and message")
    func codeSent() async throws {
        transport.enqueue(.respond(.codeSent(codeLength: 8, expiresIn: 300, resendAfter: 45)), for: SignInFixtures.sendCode)
        let delivery = try await SignInFixtures.client(transport).sendCode(to: SignInFixtures.ada)
        #expect(delivery == CodeDelivery(codeLength: 8, expiresIn: 300, resendAfter: 45,
                                         message: "If that address can sign in, a code is on its way."))
    }

    @Test("a send-code answer without the LaunchGate fields falls back to six digits, 600 s and 60 s, or the configured values")
    func codeSentFallback() async throws {
        transport.always(.respond(.json(#"{"status": "success", "message": "Code sent"}"#)), for: SignInFixtures.sendCode)
        #expect(try await SignInFixtures.client(transport).sendCode(to: SignInFixtures.ada)
            == CodeDelivery(codeLength: 6, expiresIn: 600, resendAfter: 60, message: "Code sent"))
        let seedBackend = AuthClient(baseURL: SignInFixtures.base, paths: .app("notes"), transport: transport,
                                     configuration: .init(fallbackDelivery: CodeDelivery(codeLength: 4)))
        #expect(try await seedBackend.sendCode(to: SignInFixtures.ada).codeLength == 4)
    }

    @Test("a code length outside 4 to 10 is refused as an invalid answer", arguments: [3, 11])
    func codeLengthRange(length: Int) async {
        #expect(await sendFailure(.codeSent(codeLength: length)) == .invalidResponse(""))
    }

    @Test("verify-code reads the token, expiry, user and is_new_user, and binds the session to the device")
    func signedIn() async throws {
        transport.enqueue(.respond(.signedIn(userID: "usr_9", isNewUser: true, token: "lgs_abc", expiresAt: "2027-01-15T08:00:00.250Z")),
                          for: SignInFixtures.verifyCode)
        let session = try await SignInFixtures.client(transport).verifyCode("123456", for: SignInFixtures.ada, deviceID: SignInFixtures.device)
        #expect(session.token == SessionToken("lgs_abc"))
        #expect(session.expiresAt == Date(timeIntervalSince1970: 1_800_000_000.25))
        #expect(session.user == SignInUser(id: "usr_9", email: SignInFixtures.ada, createdAt: Date(timeIntervalSince1970: 1_795_428_000),
                                           lastSignInAt: Date(timeIntervalSince1970: 1_795_428_000)))
        #expect(session.isNewUser && session.deviceID == SignInFixtures.device)
    }

    @Test("a success without a token, with an unusable token, or with a bad date is an invalid answer",
          arguments: [#"{"status": "success", "is_new_user": false}"#,
                      #"{"status": "success", "session_token": "a b", "expires_at": "2027-01-01T00:00:00Z", "user": {"id": "u", "email": "ada@example.com", "created_at": "2026-01-01T00:00:00Z", "last_sign_in_at": "2026-01-01T00:00:00Z"}}"#,
                      #"{"status": "success", "session_token": "t", "expires_at": "next week", "user": {"id": "u", "email": "ada@example.com", "created_at": "2026-01-01T00:00:00Z", "last_sign_in_at": "2026-01-01T00:00:00Z"}}"#])
    func signedInIncomplete(body: String) async {
        transport.enqueue(.respond(.json(body)), for: SignInFixtures.verifyCode)
        let error = await #expect(throws: SignInError.self) {
            try await SignInFixtures.client(transport).verifyCode("123456", for: SignInFixtures.ada, deviceID: SignInFixtures.device)
        }
        #expect(error == .invalidResponse(""))
    }

    @Test("a session the server reports for another device counts as signed out")
    func otherDevice() async {
        transport.enqueue(.respond(SignInFixtures.sessionAnswer(device: "device-2")), for: SignInFixtures.session)
        let error = await #expect(throws: SignInError.self) {
            try await SignInFixtures.client(transport).checkSession(SignInFixtures.storedSession())
        }
        #expect(error == .unauthorized)
    }

    // MARK: Errors

    @Test("each documented error code maps to its SignInError with the server's message",
          arguments: [("invalid_request", 400, SignInError.invalidRequest), ("invalid_email", 400, .invalidEmail),
                      ("invalid_code", 400, .invalidCode), ("delivery_failed", 503, .deliveryFailed),
                      ("unauthorized", 401, .unauthorized), ("not_found", 404, .notFound), ("unavailable", 503, .unavailable)])
    func errorCodes(code: String, status: Int, expected: SignInError) async {
        let error = await sendFailure(.signInError(code, status: status, message: "Server says \(code)."))
        #expect(error == expected)
        #expect(error?.code == code)
        #expect(error?.message == "Server says \(code).")
        #expect(error?.retryAfter == nil)
    }

    @Test("rate_limited and locked carry Retry-After in whole seconds",
          arguments: [("rate_limited", 42, SignInError.rateLimited), ("locked", 3600, .locked)])
    func retryAfter(code: String, seconds: Int, expected: SignInError) async {
        let error = await sendFailure(.signInError(code, status: 429, message: "Slow down.", retryAfter: seconds))
        #expect(error == expected && error?.retryAfter == seconds && error?.message == "Slow down.")
    }

    @Test("a Retry-After that isn't whole seconds is ignored rather than misread",
          arguments: ["Wed, 21 Oct 2026 07:28:00 GMT", "-5", "1.5", ""])
    func retryAfterUnreadable(value: String) async {
        let error = await sendFailure(.json(#"{"status": "error", "message": "Slow down.", "error": "rate_limited"}"#,
                                            status: 429, headers: ["Retry-After": value]))
        #expect(error == .rateLimited && error?.retryAfter == nil)
    }

    @Test("an unknown code is kept as it is, so a newer server's codes reach the app")
    func unknownCode() async {
        let error = await sendFailure(.signInError("maintenance", status: 503, message: "Back soon."))
        #expect(error?.code == "maintenance" && error?.message == "Back soon.")
    }

    @Test("the seed's bare {status: error, message} is a refusal with the server's message, even with HTTP 200")
    func seedShapedError() async {
        let error = await sendFailure(.json(#"{"status": "error", "message": "Invalid email"}"#))
        #expect(error == .rejected && error?.message == "Invalid email")
    }

    @Test("answers without the JSON shape are judged by their status",
          arguments: [(502, "unavailable"), (429, "rate_limited"), (401, "unauthorized"), (404, "not_found"), (418, "invalid_response")])
    func statusOnly(status: Int, code: String) async {
        let error = await sendFailure(TransportResponse(status: status, headers: ["Content-Type": "text/html", "Retry-After": "7"],
                                                   body: Data("<html>Bad gateway</html>".utf8)))
        #expect(error?.code == code)
        #expect(error?.retryAfter == (code == "invalid_response" ? nil : 7))
    }

    @Test("a 200 that isn't the documented success (a captive portal's page, another status) is an invalid answer",
          arguments: ["<html>Log in to the Wi-Fi</html>", #"{"status": "pending"}"#, "[]"])
    func notSuccess(body: String) async {
        #expect(await sendFailure(TransportResponse(status: 200, body: Data(body.utf8))) == .invalidResponse(""))
    }

    @Test("an error answer's overlong message is cut for the screen")
    func longMessage() async {
        let error = await sendFailure(.signInError("invalid_email", status: 400, message: String(repeating: "x", count: 2_000)))
        #expect(error?.message.count == 501)
    }
}
