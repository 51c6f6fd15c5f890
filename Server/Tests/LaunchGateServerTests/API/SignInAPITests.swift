import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(LaunchGateServer) import LaunchGate
import LaunchGateTesting
import NIOCore
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("The sign-in API: docs/sign-in.md's paths, shapes, statuses and limits")
struct SignInAPITests {
    private func signIn(_ client: some TestClientProtocol, _ server: TestServer, email: String = "ada@example.com",
                        device: String = "phone-1") async throws -> [String: Any] {
        let sent = try await client.post("/v1/apps/notes/auth/send-code", json: #"{"email": "\#(email)"}"#)
        #expect(sent.status == .ok, "\(sent.text)")
        let code = try #require(try await server.code(for: email))
        let verified = try await client.post("/v1/apps/notes/auth/verify-code",
                                             json: #"{"email": "\#(email)", "code": "\#(code)", "device_id": "\#(device)"}"#)
        #expect(verified.status == .ok, "\(verified.text)")
        return try verified.json()
    }

    // MARK: Tests

    @Test("send-code answers the documented fields, at the app's path and at the seed's path", arguments: TestBackend.available)
    func sendCode(backend: TestBackend) async throws {
        let server = try await TestServer.make(backend)
        try await server.application.test(.router) { client in
            for (path, email) in [("/v1/apps/notes/auth/send-code", "ada@example.com"), ("/api/auth/send-code", "bob@example.com")] {
                let response = try await client.post(path, json: #"{"email": " \#(email.uppercased())"}"#)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(response.headers[.cacheControl] == "no-store")
                let body = try response.json()
                #expect(body["status"] as? String == "success")
                #expect(body["message"] as? String == "If \(email) can sign in, a code is on its way.")
                #expect(body["code_length"] as? Int == 6 && body["expires_in"] as? Int == 600 && body["resend_after"] as? Int == 60)
                #expect(try await server.code(for: email)?.count == 6)
            }
        }
        await server.close()
    }

    @Test("every answer decodes with the SDK's own AuthWire types, the ones its AuthClient reads")
    func sharedWireTypes() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let sent = try JSONDecoder().decode(AuthWire.CodeSent.self, from: try await client.post(
                "/v1/apps/notes/auth/send-code", json: #"{"email": "ada@example.com"}"#).data)
            #expect(sent.status == "success" && sent.codeLength == 6 && sent.expiresIn == 600 && sent.resendAfter == 60)
            let code = try #require(try await server.code(for: "ada@example.com"))
            let body = try AuthWire.encoded(AuthWire.VerifyCode(email: "ada@example.com", code: code, deviceID: "phone-1"))
            let verified = try await client.post("/v1/apps/notes/auth/verify-code", json: String(decoding: body, as: UTF8.self))
            let signedIn = try JSONDecoder().decode(AuthWire.SignedIn.self, from: verified.data)
            #expect(signedIn.isNewUser == true && signedIn.user.email == "ada@example.com" && !signedIn.sessionToken.isEmpty)
            let auth: HTTPFields = [.authorization: "Bearer \(signedIn.sessionToken)"]
            let session = try JSONDecoder().decode(AuthWire.Session.self, from: try await client.execute(
                uri: "/v1/apps/notes/auth/session", method: .get, headers: auth).data)
            #expect(session.deviceID == "phone-1" && session.user == signedIn.user && session.expiresAt == signedIn.expiresAt)
            let again = try JSONDecoder().decode(AuthWire.Envelope.self, from: verified.data)
            #expect(again.status == "success" && again.error == nil)
            let refused = try JSONDecoder().decode(AuthWire.Envelope.self, from: try await client.post(
                "/v1/apps/notes/auth/verify-code", json: String(decoding: body, as: UTF8.self)).data)
            #expect(refused.status == "error" && refused.error == "invalid_code" && refused.message?.isEmpty == false)
        }
    }

    @Test("a sign-in path no route matches (wrong method, unknown endpoint) still answers in seed 002's shape, with a request ID")
    func unmatchedSignInPaths() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let cases: [(String, HTTPRequest.Method)] = [("/v1/apps/notes/auth/send-code", .get), ("/v1/apps/notes/auth/nope", .post),
                                                         ("/api/auth/verify-code", .get), ("/api/auth/nope", .post), ("/api/auth/session", .get),
                                                         // The router skips empty segments, so these are sign-in paths too.
                                                         ("//api/auth/nope", .post), ("/v1//apps/notes/auth//nope", .post)]
            for (uri, method) in cases {
                let response = try await client.execute(uri: uri, method: method, headers: [.contentType: "application/json"],
                                                        body: ByteBuffer(string: "{}"))
                let body = try response.json()
                #expect(response.status == .notFound || response.status == .methodNotAllowed, "\(method) \(uri)")
                #expect(body["status"] as? String == "error", "\(method) \(uri): \(response.text)")
                #expect(body["error"] as? String == (response.status == .notFound ? "not_found" : "method_not_allowed"))
                #expect((body["message"] as? String)?.isEmpty == false)
                #expect(response.headers[HTTPField.Name("X-Request-ID")!] != nil)
            }
            // Elsewhere the admin shape stays.
            let other = try await client.execute(uri: "/v1/apps/notes/nope", method: .get)
            #expect(other.status == .notFound)
            #expect(try other.json()["status"] == nil)
        }
    }

    @Test("send-code's answer is the same, byte for byte apart from the address, for a known and an unknown address")
    func sameAnswer() async throws {
        let clock = TestClock()
        let server = try await TestServer.make(now: clock.now)
        try await server.application.test(.router) { client in
            _ = try await signIn(client, server, email: "known@example.com")
            clock.advance(by: 61)
            let known = try await client.post("/v1/apps/notes/auth/send-code", json: #"{"email": "known@example.com"}"#)
            let unknown = try await client.post("/v1/apps/notes/auth/send-code", json: #"{"email": "unknown@example.com"}"#)
            #expect(known.status == .ok && unknown.status == .ok)
            #expect(known.headers[.contentType] == unknown.headers[.contentType])
            #expect(known.text.replacingOccurrences(of: "known@example.com", with: "X")
                == unknown.text.replacingOccurrences(of: "unknown@example.com", with: "X"))
        }
    }

    @Test("verify-code signs in, the session answers with its device and user, and sign-out ends it", arguments: TestBackend.available)
    func verifySessionSignOut(backend: TestBackend) async throws {
        let clock = TestClock(Date())
        let server = try await TestServer.make(backend, now: clock.now)
        try await server.application.test(.router) { client in
            let body = try await signIn(client, server, device: "6F1C-phone")
            #expect(body["status"] as? String == "success" && body["message"] as? String == "Signed in.")
            #expect(body["is_new_user"] as? Bool == true)
            let token = try #require(body["session_token"] as? String)
            #expect(token.hasPrefix("lgs_"))
            let expires = try #require(body["expires_at"] as? String)
            #expect(try Date(expires, strategy: .iso8601) > Date().addingTimeInterval(29 * 86_400))
            let user = try #require(body["user"] as? [String: Any])
            #expect((user["id"] as? String)?.hasPrefix("usr_") == true && user["email"] as? String == "ada@example.com")
            #expect(user["created_at"] as? String != nil && user["last_sign_in_at"] as? String != nil)

            let session = try await client.execute(uri: "/v1/apps/notes/auth/session", method: .get, headers: TestServer.bearer(token))
            #expect(session.status == .ok)
            let sessionBody = try session.json()
            #expect(sessionBody["status"] as? String == "success" && sessionBody["device_id"] as? String == "6F1C-phone")
            #expect(sessionBody["expires_at"] as? String == expires)
            #expect((sessionBody["user"] as? [String: Any])?["id"] as? String == user["id"] as? String)
            var otherDevice = TestServer.bearer(token)
            otherDevice[SignInController<LaunchGateRequestContext>.deviceHeader] = "another-device"
            #expect(try await client.execute(uri: "/v1/apps/notes/auth/session", method: .get, headers: otherDevice).status == .unauthorized)

            let signOut = try await client.post("/v1/apps/notes/auth/sign-out", json: "{}", headers: TestServer.bearer(token))
            #expect(signOut.status == .ok)
            #expect(try signOut.json()["message"] as? String == "Signed out.")
            let after = try await client.execute(uri: "/v1/apps/notes/auth/session", method: .get, headers: TestServer.bearer(token))
            #expect(after.status == .unauthorized && after.seedError == "unauthorized" && after.seedStatus == "error")
            #expect(after.headers[.wwwAuthenticate] == "Bearer")

            // Sign-out also takes an empty body.
            clock.advance(by: 61)
            let second = try await signIn(client, server, device: "tablet")
            #expect(second["is_new_user"] as? Bool == false)
            let empty = try await client.execute(uri: "/v1/apps/notes/auth/sign-out", method: .post,
                                                 headers: TestServer.bearer(try #require(second["session_token"] as? String)))
            #expect(empty.status == .ok)
        }
        await server.close()
    }

    @Test("bad bodies get 400 invalid_request with a message that says what to send, never a 500", arguments: [
        ("", "empty"), ("{", "not valid JSON"), ("[]", "JSON object"), (#"{"mail": "a@b.c"}"#, "\"email\" is missing"),
        (#"{"email": 42}"#, "\"email\" must be a string"), (#"{"email": null}"#, "\"email\" is null"),
        (#"{"email": "a@b.c", "code": 1234, "device_id": "d"}"#, "\"code\" must be a string"),
        (#"{"email": "a@b.c", "code": "1234"}"#, "\"device_id\" is missing"),
        ("{\"email\": \"" + String(repeating: "a", count: 5000) + "\"}", "larger than 4 KiB"),
    ])
    func badBodies(json: String, says: String) async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            for path in ["/v1/apps/notes/auth/send-code", "/v1/apps/notes/auth/verify-code", "/api/auth/verify-code"]
            where !(says.contains("device_id") || says.contains("code\"")) || path.hasSuffix("verify-code") {
                let response = try await client.post(path, json: json)
                #expect(response.status == .badRequest, "\(path) \(json.prefix(40))")
                #expect(response.seedStatus == "error" && response.seedError == "invalid_request", "\(path): \(response.text)")
                let message = try #require(try response.json()["message"] as? String)
                #expect(message.contains(says), "\(path): \(message)")
            }
        }
    }

    @Test("a body that isn't declared JSON is refused before anything is sent, so a cross-site form or text/plain POST can't request codes")
    func contentType() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let body = ByteBuffer(string: #"{"email": "ada@example.com"}"#)
            for type in [nil, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx",
                         ";application/json", "application/json; charset=utf-16"] {
                var headers: HTTPFields = [:]
                if let type { headers[.contentType] = type }
                let response = try await client.execute(uri: "/api/auth/send-code", method: .post, headers: headers, body: body)
                #expect(response.status == .badRequest && response.seedError == "invalid_request", "\(type ?? "none"): \(response.text)")
                #expect(response.text.contains("Content-Type: application/json"))
            }
            for (index, type) in ["application/json", "Application/JSON; charset=utf-8", "application/vnd.launchgate+json"].enumerated() {
                let response = try await client.execute(uri: "/api/auth/send-code", method: .post, headers: [.contentType: type],
                                                        body: ByteBuffer(string: #"{"email": "user\#(index)@example.com"}"#))
                #expect(response.status == .ok, "\(type): \(response.text)")
            }
        }
    }

    @Test("each failure has its documented code and status", arguments: TestBackend.available)
    func failures(backend: TestBackend) async throws {
        let server = try await TestServer.make(backend)
        try await server.application.test(.router) { client in
            let cases: [(String, String, HTTPResponse.Status, String)] = [
                ("/v1/apps/notes/auth/send-code", #"{"email": "not-an-address"}"#, .badRequest, "invalid_email"),
                ("/v1/apps/notes/auth/send-code", #"{"email": "a@b.c\r\nBcc: x@y.z"}"#, .badRequest, "invalid_email"),
                ("/v1/apps/notes/auth/verify-code", #"{"email": "a@b.c", "code": "12", "device_id": "d"}"#, .badRequest, "invalid_code"),
                ("/v1/apps/notes/auth/verify-code", #"{"email": "a@b.c", "code": "123456", "device_id": "d"}"#, .badRequest, "invalid_code"),
                ("/v1/apps/notes/auth/verify-code", #"{"email": "a@b.c", "code": "123456", "device_id": ""}"#, .badRequest, "invalid_request"),
                ("/v1/apps/ghost/auth/send-code", #"{"email": "a@b.c"}"#, .notFound, "not_found"),
                ("/v1/apps/ghost/auth/verify-code", #"{"email": "a@b.c", "code": "123456", "device_id": "d"}"#, .notFound, "not_found"),
            ]
            for (path, json, status, code) in cases {
                let response = try await client.post(path, json: json)
                #expect(response.status == status, "\(path) \(json)")
                #expect(response.seedError == code && response.seedStatus == "error", "\(path): \(response.text)")
                #expect(try response.json()["message"] as? String != nil)
                #expect(response.headers[.requestID] != nil)
            }
            for headers: HTTPFields in [[:], TestServer.bearer("lgs_nope"), [.authorization: "Basic abc"]] {
                let response = try await client.execute(uri: "/v1/apps/notes/auth/session", method: .get, headers: headers)
                #expect(response.status == .unauthorized && response.seedError == "unauthorized")
            }
            let ghost = try await client.execute(uri: "/v1/apps/ghost/auth/session", method: .get)
            #expect(ghost.status == .notFound && ghost.seedError == "not_found")
        }
        await server.close()
    }

    @Test("the seed paths say not_found when no default app is configured")
    func noDefaultApp() async throws {
        let server = try await TestServer.make()
        try await server.with(ServerConfiguration(host: "127.0.0.1", port: 0)).application.test(.router) { client in
            let response = try await client.post("/api/auth/send-code", json: #"{"email": "a@b.c"}"#)
            #expect(response.status == .notFound && response.seedError == "not_found")
            #expect(try response.json()["message"] as? String == "no default app is configured for /api/auth/send-code; start the server with --default-app")
        }
    }

    @Test("limits answer 429 rate_limited or locked with Retry-After, in the seed's shape")
    func limits() async throws {
        let base = try await TestServer.make()
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, defaultApp: "notes",
                                                signIn: SignInConfiguration(guessesPerHour: 1_000, lockoutFailures: 3, clientVerifies: 0))
        let clock = TestClock(Date())
        let components = ServerComponents(database: nil, repository: base.components.repository, signInConfiguration: configuration.signIn,
                                          masterKey: SignInFixture.masterKey, now: clock.now)
        let server = TestServer(components: components, configuration: configuration, adminToken: base.adminToken)
        try await server.application.test(.router) { client in
            _ = try await client.post("/v1/apps/notes/auth/send-code", json: #"{"email": "ada@example.com"}"#)
            let again = try await client.post("/api/auth/send-code", json: #"{"email": "ada@example.com"}"#)
            #expect(again.status == .tooManyRequests && again.seedError == "rate_limited" && again.seedStatus == "error")
            #expect(again.headers[.retryAfter] == "60")
            let bob = #"{"email": "bob@example.com", "code": "000000", "device_id": "d"}"#
            // Failures count against a live code: with none there is nothing to guess.
            _ = try await client.post("/v1/apps/notes/auth/send-code", json: #"{"email": "bob@example.com"}"#)
            for _ in 0..<3 { _ = try await client.post("/v1/apps/notes/auth/verify-code", json: bob) }
            let locked = try await client.post("/v1/apps/notes/auth/verify-code", json: bob)
            #expect(locked.status == .tooManyRequests && locked.seedError == "locked")
            #expect(locked.headers[.retryAfter] == "3600")
        }
    }
}
