import Foundation

/// The sign-in wire format of `docs/sign-in.md` (the original `/api/auth` shapes, with LaunchGate's fields
/// added), in one place for both ends: the SDK's ``AuthClient`` encodes the requests and decodes
/// the answers, and the LaunchGate server decodes the requests and encodes the answers with these
/// same types. Field names are the wire's snake_case; times are RFC 3339 strings.
@_spi(LaunchGateServer) public enum AuthWire {
    /// `POST …/send-code`: `{"email": …}`.
    public struct SendCode: Codable, Sendable, Hashable {
        /// The address as the user typed it; the server trims and lowercases it again.
        public var email: String

        /// Creates the body.
        public init(email: String) { self.email = email }
    }

    /// `POST …/verify-code`: `{"email": …, "code": …, "device_id": …}`.
    public struct VerifyCode: Codable, Sendable, Hashable {
        /// The address the code was sent to.
        public var email: String
        /// The digits.
        public var code: String
        /// The device the session is for.
        public var deviceID: String

        /// Creates the body.
        public init(email: String, code: String, deviceID: String) {
            self.email = email
            self.code = code
            self.deviceID = deviceID
        }

        enum CodingKeys: String, CodingKey {
            case email, code
            case deviceID = "device_id"
        }
    }

    /// Sign-out's body: an empty object, so the request is a well-formed JSON POST.
    public struct Empty: Codable, Sendable, Hashable {
        /// Creates the body.
        public init() {}
    }

    /// What every answer carries, and all a failure carries: `{"status": "error", "message", "error"}`.
    public struct Envelope: Codable, Sendable, Hashable {
        /// `success` or `error`.
        public var status: String?
        /// A message for a person.
        public var message: String?
        /// A failure's stable code, such as `invalid_code`.
        public var error: String?

        /// Creates an envelope; a failure has all three.
        public init(status: String?, message: String?, error: String? = nil) {
            self.status = status
            self.message = message
            self.error = error
        }
    }

    /// Sorted keys and unescaped slashes: the same value always gives the same bytes.
    public static func encoded(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// A time as the wire carries it: RFC 3339 in UTC, whole seconds.
    public static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// An RFC 3339 timestamp, with or without fractional seconds.
    static func date(_ text: String, field: String) throws(SignInError) -> Date {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        throw SignInError.invalidResponse("\(field) is not an RFC 3339 time")
    }

    /// A request body; every request type is strings and nothing else, which always encodes.
    static func body(_ value: some Encodable) -> Data {
        (try? encoded(value)) ?? Data("{}".utf8)
    }

    static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws(SignInError) -> T {
        do { return try JSONDecoder().decode(type, from: body) } catch {
            throw SignInError.invalidResponse(Self.describe(error))
        }
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
