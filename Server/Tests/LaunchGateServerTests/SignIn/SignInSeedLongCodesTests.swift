import Foundation
import HummingbirdTesting
import LaunchGateTesting
import Testing
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The seed's `/api/auth` paths past an address's room for short codes. Their original clients
/// have a field of the app's length, so by default a send there is refused (`seedPathRefuses` in
/// ``SignInShortCodeRoomTests``), and a few networks' sends can hold off a new network's first
/// sign-in (attack s11, A3). An operator whose clients take 3 more digits says so, and the seed's
/// paths then behave as `/v1`: a long code, never a refusal.
@Suite("The seed's sign-in paths with clients that take long codes")
struct SignInSeedLongCodesTests {
    @Test("with --seed-sign-in-long-codes, a seed send past the room is mailed a 9-digit code, which signs in at /api/auth/verify-code")
    func seedPathIssuesLongCodes() async throws {
        let base = try await TestServer.make()
        // A room of 10: two short codes' tries.
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, defaultApp: "notes",
                                                signIn: SignInConfiguration(guessesPerHour: 10, networkSendsPerHour: 10, clientVerifies: 0,
                                                                            seedPathsTakeLongCodes: true))
        let clock = TestClock(Date())
        let components = ServerComponents(database: nil, repository: base.components.repository, signInConfiguration: configuration.signIn,
                                          masterKey: SignInFixture.masterKey, now: clock.now)
        let server = TestServer(components: components, configuration: configuration, adminToken: base.adminToken)
        try await server.application.test(.router) { client in
            let body = #"{"email": "ada@example.com"}"#
            for _ in 0..<2 {
                let short = try await client.post("/api/auth/send-code", json: body)
                #expect(try short.status == .ok && short.json()["code_length"] as? Int == 6, "\(short.text)")
                clock.advance(by: 61)
            }
            let seed = try await client.post("/api/auth/send-code", json: body)
            #expect(try seed.status == .ok && seed.json()["status"] as? String == "success" && seed.json()["code_length"] as? Int == 9,
                    "past the room: \(seed.text)")
            let code = try #require(try await server.code(for: "ada@example.com"))
            #expect(code.count == 9, "the newest mailed code is the long one")
            let verify = try await client.post("/api/auth/verify-code", json: #"{"email": "ada@example.com", "code": "\#(code)", "device_id": "d"}"#)
            #expect(try verify.status == .ok && verify.json()["is_new_user"] as? Bool == true, "\(verify.text)")
        }
    }
}
