import Foundation

@_spi(LaunchGateServer) extension AuthWire {
    /// send-code's answer: `{"status": "success", "message", "code_length", "expires_in", "resend_after"}`.
    /// The original `/api/auth` server sends only `status` and `message`; the client then uses its fallbacks.
    public struct CodeSent: Codable, Sendable, Hashable {
        /// `success`.
        public var status: String?
        /// A message for a person.
        public var message: String?
        /// The code's digits.
        public var codeLength: Int?
        /// Seconds the code works.
        public var expiresIn: Double?
        /// Seconds before another send is allowed.
        public var resendAfter: Double?

        /// Creates the answer.
        public init(status: String? = "success", message: String?, codeLength: Int?, expiresIn: Double?, resendAfter: Double?) {
            self.status = status
            self.message = message
            self.codeLength = codeLength
            self.expiresIn = expiresIn
            self.resendAfter = resendAfter
        }

        enum CodingKeys: String, CodingKey {
            case status, message
            case codeLength = "code_length"
            case expiresIn = "expires_in"
            case resendAfter = "resend_after"
        }
    }

    /// verify-code's answer: the original `is_new_user`, with the session and the user.
    public struct SignedIn: Codable, Sendable, Hashable {
        /// `success`.
        public var status: String?
        /// A message for a person.
        public var message: String?
        /// Whether the address signed in for the first time.
        public var isNewUser: Bool?
        /// The bearer token.
        public var sessionToken: String
        /// When the session ends, RFC 3339.
        public var expiresAt: String
        /// The user.
        public var user: User

        /// Creates the answer.
        public init(status: String? = "success", message: String?, isNewUser: Bool?, sessionToken: String, expiresAt: String, user: User) {
            self.status = status
            self.message = message
            self.isNewUser = isNewUser
            self.sessionToken = sessionToken
            self.expiresAt = expiresAt
            self.user = user
        }

        enum CodingKeys: String, CodingKey {
            case status, message, user
            case isNewUser = "is_new_user"
            case sessionToken = "session_token"
            case expiresAt = "expires_at"
        }
    }

    /// The session endpoint's answer.
    public struct Session: Codable, Sendable, Hashable {
        /// `success`.
        public var status: String?
        /// When the session ends, RFC 3339.
        public var expiresAt: String
        /// The device it was issued for.
        public var deviceID: String
        /// The user.
        public var user: User

        /// Creates the answer.
        public init(status: String? = "success", expiresAt: String, deviceID: String, user: User) {
            self.status = status
            self.expiresAt = expiresAt
            self.deviceID = deviceID
            self.user = user
        }

        enum CodingKeys: String, CodingKey {
            case status, user
            case expiresAt = "expires_at"
            case deviceID = "device_id"
        }
    }

    /// A signed-in user as the wire carries one.
    public struct User: Codable, Sendable, Hashable {
        /// The server's ID for the user.
        public var id: String
        /// The address.
        public var email: String
        /// When the user first signed in, RFC 3339.
        public var createdAt: String
        /// When the user last signed in, RFC 3339.
        public var lastSignInAt: String

        /// Creates a user.
        public init(id: String, email: String, createdAt: String, lastSignInAt: String) {
            self.id = id
            self.email = email
            self.createdAt = createdAt
            self.lastSignInAt = lastSignInAt
        }

        enum CodingKeys: String, CodingKey {
            case id, email
            case createdAt = "created_at"
            case lastSignInAt = "last_sign_in_at"
        }

        func value() throws(SignInError) -> SignInUser {
            guard !id.isEmpty else { throw SignInError.invalidResponse("the user has no id") }
            let address: EmailAddress
            do { address = try EmailAddress(email) } catch { throw SignInError.invalidResponse("the user's email is not valid") }
            return SignInUser(id: id, email: address, createdAt: try AuthWire.date(createdAt, field: "created_at"),
                              lastSignInAt: try AuthWire.date(lastSignInAt, field: "last_sign_in_at"))
        }
    }
}
