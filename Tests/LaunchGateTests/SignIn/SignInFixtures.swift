import Foundation
import LaunchGate
import LaunchGateTesting

/// The server, paths and values the sign-in tests share.
enum SignInFixtures {
    static let base = URL(string: "https://auth.example.com")!

    /// An endpoint's URL under the per-app paths for `notes`.
    static func app(_ endpoint: String) -> URL { URL(string: "https://auth.example.com/v1/apps/notes/auth/\(endpoint)")! }
    /// An endpoint's URL under the seed's paths.
    static func seed(_ endpoint: String) -> URL { URL(string: "https://auth.example.com/api/auth/\(endpoint)")! }

    static let sendCode = app("send-code")
    static let verifyCode = app("verify-code")
    static let session = app("session")
    static let signOut = app("sign-out")

    static let device = DeviceID("device-1")!
    static var ada: EmailAddress { try! EmailAddress("ada@example.com") }

    static func client(_ transport: ScriptedTransport, paths: AuthPaths = .app("notes"), base: URL = base,
                       timeout: Duration = .seconds(5), maximumResponseSize: Int = 16 * 1024) -> AuthClient {
        AuthClient(baseURL: base, paths: paths, transport: transport,
                   configuration: .init(timeout: timeout, maximumResponseSize: maximumResponseSize))
    }

    /// A stored session as an earlier launch would have left it.
    static func storedSession(isNewUser: Bool = false, expiresAt: Date = Date(timeIntervalSince1970: 1_900_000_000),
                              userID: String = "usr_1", email: String = "ada@example.com") -> SignInSession {
        SignInSession(token: SessionToken("lgs_stored")!, expiresAt: expiresAt,
                      user: SignInUser(id: userID, email: try! EmailAddress(email), createdAt: Date(timeIntervalSince1970: 1_700_000_000),
                                       lastSignInAt: Date(timeIntervalSince1970: 1_700_000_000)),
                      isNewUser: isNewUser, deviceID: device)
    }

    /// The `GET session` answer for ``storedSession(isNewUser:expiresAt:userID:)``.
    static func sessionAnswer(device: String = "device-1", expiresAt: String = "2027-02-01T00:00:00Z",
                              email: String = "ada@example.com") -> TransportResponse {
        .json(#"""
        {"status": "success", "expires_at": "\#(expiresAt)", "device_id": "\#(device)",
         "user": {"id": "usr_1", "email": "\#(email)", "created_at": "2026-11-23T10:00:00Z", "last_sign_in_at": "2026-12-01T10:00:00Z"}}
        """#)
    }

    /// A request body as text, for exact comparisons.
    static func body(_ request: TransportRequest?) -> String? { request?.body.map { String(decoding: $0, as: UTF8.self) } }
}

/// Always returns the same words, so a "random" ID is predictable in a test.
struct RepeatingGenerator: RandomNumberGenerator {
    let value: UInt64
    mutating func next() -> UInt64 { value }
}
