import Crypto
import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGateAppStore

@Suite("App Store Connect tokens are ES256 JWTs Apple accepts, reused until five minutes before they expire")
struct AppStoreConnectTokenTests {
    private static let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func parts(_ token: AppStoreConnectToken) throws -> (header: [String: Any], claims: [String: Any], input: String, signature: Data) {
        let pieces = token.compact.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        try #require(pieces.count == 3)
        func decode(_ text: String) throws -> Data {
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"), "base64url without padding")
            var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while base64.count % 4 != 0 { base64 += "=" }
            return try #require(Data(base64Encoded: base64))
        }
        let header = try #require(try JSONSerialization.jsonObject(with: decode(pieces[0])) as? [String: Any])
        let claims = try #require(try JSONSerialization.jsonObject(with: decode(pieces[1])) as? [String: Any])
        return (header, claims, pieces[0] + "." + pieces[1], try decode(pieces[2]))
    }

    @Test("the signature verifies with the key's public half, as raw r||s")
    func signatureVerifies() throws {
        let token = try AppStoreConnectToken(credentials: AppStoreConnectFixture.credentials(), now: Self.now)
        let (_, _, input, signature) = try parts(token)
        #expect(signature.count == 64, "JOSE wants r||s, not DER")
        let parsed = try P256.Signing.ECDSASignature(rawRepresentation: signature)
        #expect(try AppStoreConnectFixture.publicKey.isValidSignature(parsed, for: Data(input.utf8)))
        #expect(try !AppStoreConnectFixture.publicKey.isValidSignature(parsed, for: Data((input + "x").utf8)))
    }

    @Test("the header names ES256, the key ID and JWT")
    func header() throws {
        let (header, _, _, _) = try parts(try AppStoreConnectToken(credentials: AppStoreConnectFixture.credentials(), now: Self.now))
        #expect(header["alg"] as? String == "ES256")
        #expect(header["kid"] as? String == AppStoreConnectFixture.keyID)
        #expect(header["typ"] as? String == "JWT")
        #expect(header.count == 3)
    }

    @Test("the claims carry the issuer, Apple's audience, and a lifetime within Apple's 20 minutes")
    func claims() throws {
        let token = try AppStoreConnectToken(credentials: AppStoreConnectFixture.credentials(), now: Self.now.addingTimeInterval(0.7))
        let (_, claims, _, _) = try parts(token)
        #expect(claims["iss"] as? String == AppStoreConnectFixture.issuerID)
        #expect(claims["aud"] as? String == "appstoreconnect-v1")
        let iat = try #require(claims["iat"] as? Int), exp = try #require(claims["exp"] as? Int)
        #expect(iat == 1_800_000_000)
        #expect(exp - iat > 0 && exp - iat <= 1200)
        #expect(token.expiresAt.timeIntervalSince(token.issuedAt) == TimeInterval(exp - iat))
    }

    @Test("a token is reused until five minutes before it expires, then replaced")
    func reuse() throws {
        let clock = TestClock(Self.now)
        let tokens = AppStoreConnectTokens(now: clock.now)
        let credentials = try AppStoreConnectFixture.credentials()
        let first = try tokens.token(for: credentials)
        clock.set(first.expiresAt - AppStoreConnectTokens.renewBefore - 1)
        #expect(try tokens.token(for: credentials) == first)
        clock.set(first.expiresAt - AppStoreConnectTokens.renewBefore)
        let second = try tokens.token(for: credentials)
        #expect(second != first)
        #expect(second.issuedAt == first.expiresAt - AppStoreConnectTokens.renewBefore)
    }

    @Test("another key gets its own token, never the cached one of the first")
    func perKey() throws {
        let tokens = AppStoreConnectTokens(now: { Self.now })
        let first = try tokens.token(for: AppStoreConnectFixture.credentials())
        let other = try AppStoreConnectCredentials(issuerID: AppStoreConnectFixture.issuerID, keyID: "OTHER00001",
                                                   pem: P256.Signing.PrivateKey().pemRepresentation)
        let (header, _, _, _) = try parts(try tokens.token(for: other))
        #expect(header["kid"] as? String == "OTHER00001")
        #expect(try tokens.token(for: AppStoreConnectFixture.credentials()) == first)
    }

    @Test("a key file that is not P-256 PEM, or an odd ID, is refused with a message", arguments: [
        ("ABC123", "not a key"),
        ("ABC123", P384.Signing.PrivateKey().pemRepresentation),
        ("ABC 123", P256.Signing.PrivateKey().pemRepresentation),
        ("", P256.Signing.PrivateKey().pemRepresentation),
    ])
    func refusesBadKeys(keyID: String, pem: String) {
        #expect { try AppStoreConnectCredentials(issuerID: AppStoreConnectFixture.issuerID, keyID: keyID, pem: pem) } throws: { error in
            (error as? AppStoreConnectError)?.reason == .invalidCredentials
        }
    }

    @Test("credentials never print their key")
    func neverPrinted() throws {
        let credentials = try AppStoreConnectFixture.credentials()
        #expect(!"\(credentials)".contains("PRIVATE"))
        #expect("\(credentials)".contains(AppStoreConnectFixture.keyID))
    }
}
