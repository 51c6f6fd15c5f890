import Crypto
import Foundation

/// The JSON Web Token App Store Connect's API takes: ES256, signed with the team's key.
///
/// Header `{"alg":"ES256","kid":…,"typ":"JWT"}`, claims `{"iss":…,"iat":…,"exp":…,"aud":"appstoreconnect-v1"}`,
/// and the signature as JOSE wants it: the raw 64 bytes r‖s (not DER), base64url without padding.
/// Apple refuses a token that lives longer than 20 minutes.
public struct AppStoreConnectToken: Sendable, Hashable {
    /// The token, to send as `Authorization: Bearer …`.
    public let compact: String
    /// When it was issued.
    public let issuedAt: Date
    /// When it expires.
    public let expiresAt: Date

    /// The audience Apple expects.
    public static let audience = "appstoreconnect-v1"
    /// How long a token lives: 19 minutes, inside Apple's 20 so a clock a little ahead of Apple's
    /// still makes tokens it takes.
    public static let lifetime: TimeInterval = 19 * 60

    private struct Header: Encodable { let alg = "ES256", kid: String, typ = "JWT" }
    private struct Claims: Encodable { let iss: String, iat: Int64, exp: Int64, aud: String }

    /// Signs a token.
    /// - Parameters:
    ///   - credentials: The key.
    ///   - now: The issue time (whole seconds are used).
    public init(credentials: AppStoreConnectCredentials, now: Date) throws {
        let iat = Int64(now.timeIntervalSince1970.rounded(.down))
        let exp = iat + Int64(Self.lifetime)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let header = try encoder.encode(Header(kid: credentials.keyID))
        let claims = try encoder.encode(Claims(iss: credentials.issuerID, iat: iat, exp: exp, aud: Self.audience))
        let signingInput = Self.base64URL(header) + "." + Self.base64URL(claims)
        let signature = try credentials.privateKey.signature(for: Data(signingInput.utf8))
        compact = signingInput + "." + Self.base64URL(signature.rawRepresentation)
        issuedAt = Date(timeIntervalSince1970: TimeInterval(iat))
        expiresAt = Date(timeIntervalSince1970: TimeInterval(exp))
    }

    /// base64url without padding (RFC 7515 §2).
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
