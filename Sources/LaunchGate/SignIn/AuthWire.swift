import Foundation

/// The sign-in wire format of `docs/sign-in.md`, read and rendered in one place: the request
/// bodies, the success answers and the error shape `{"status": "error", "message", "error"}`.
enum AuthWire {
    // MARK: Requests

    struct SendCode: Encodable {
        let email: EmailAddress
    }

    struct VerifyCode: Encodable {
        let email: EmailAddress
        let code: String
        let deviceID: DeviceID

        enum CodingKeys: String, CodingKey {
            case email, code
            case deviceID = "device_id"
        }
    }

    /// Sign-out's body: an empty object, so the request is a well-formed JSON POST.
    struct Empty: Encodable {}

    /// Sorted keys and unescaped slashes: the same value always gives the same bytes.
    static func body(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every request type is strings and nothing else, which always encodes.
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }

    // MARK: Answers

    /// The fields every answer may carry; `error` only on a failure.
    struct Envelope: Decodable {
        let status: String?
        let message: String?
        let error: String?
    }

    struct CodeSent: Decodable {
        let message: String?
        let codeLength: Int?
        let expiresIn: Double?
        let resendAfter: Double?

        enum CodingKeys: String, CodingKey {
            case message
            case codeLength = "code_length"
            case expiresIn = "expires_in"
            case resendAfter = "resend_after"
        }
    }

    struct SignedIn: Decodable {
        let isNewUser: Bool?
        let sessionToken: String
        let expiresAt: String
        let user: User

        enum CodingKeys: String, CodingKey {
            case user
            case isNewUser = "is_new_user"
            case sessionToken = "session_token"
            case expiresAt = "expires_at"
        }
    }

    struct Session: Decodable {
        let expiresAt: String
        let deviceID: String
        let user: User

        enum CodingKeys: String, CodingKey {
            case user
            case expiresAt = "expires_at"
            case deviceID = "device_id"
        }
    }

    struct User: Decodable {
        let id: String
        let email: String
        let createdAt: String
        let lastSignInAt: String

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

    static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws(SignInError) -> T {
        do { return try JSONDecoder().decode(type, from: body) } catch {
            throw SignInError.invalidResponse(Self.describe(error))
        }
    }

    /// An RFC 3339 timestamp, with or without fractional seconds.
    static func date(_ text: String, field: String) throws(SignInError) -> Date {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        throw SignInError.invalidResponse("\(field) is not an RFC 3339 time")
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "\(key.stringValue) is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        default: "not the documented JSON"
        }
    }
}
