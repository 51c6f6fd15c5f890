import Crypto
import Foundation
import LaunchGateSignIn
import LaunchGateStorage

/// The sign-in form's CSRF protection, before any session exists: a short-lived pre-session
/// cookie signed with a key of its own, derived from the master key with HKDF.
///
/// An unsigned double submit (a random cookie and a token derived from it) can be fixed by
/// anyone who can set a cookie for the console's host, such as a sibling subdomain: they pick
/// the cookie, compute the token, and sign the victim in as themselves. Here the cookie carries
/// a random nonce, an expiry and an HMAC over both and the client's address (the same key the
/// rate limits use), and the form's token is an HMAC of the nonce. Nobody can make a cookie the
/// server accepts, and one fetched by an attacker works only from the attacker's address and
/// only for ``lifetime``. Every instance with the master key derives the same key, so a form
/// served by one is accepted by another.
public final class ConsoleSignInForms: Sendable {
    /// The HKDF label; changing it only makes open sign-in pages fail once.
    package static let label = "launchgate console sign-in form v1"
    /// How long a sign-in page's form may be sent, in seconds.
    package static let lifetime = 600

    private let key: DerivedKey

    /// - Parameter masterKey: Loads the master key, when the first form is made, until it first succeeds.
    public init(masterKey: @escaping @Sendable () throws -> MasterKey) {
        key = DerivedKey(label: Self.label, masterKey: masterKey)
    }

    /// A new sign-in form for a client.
    /// - Returns: The pre-session cookie's value and the token the form carries.
    /// - Throws: ``MasterKeyError`` when the master key can't be loaded.
    func issue(client: String, now: Date) throws -> (cookie: String, csrf: String) {
        let nonce = ConsoleSessions.randomSecret()
        let expires = String(Int64(now.timeIntervalSince1970.rounded(.down)) + Int64(Self.lifetime))
        let key = try self.key.symmetricKey()
        return ("\(nonce).\(expires).\(Self.mac(["cookie", nonce, expires, client], key))", Self.mac(["csrf", nonce], key))
    }

    /// Whether a posted sign-in form goes with its cookie: signed by this server, unexpired, for
    /// this client, and the token the one made for the cookie's nonce. Compared in constant time.
    /// - Throws: ``MasterKeyError`` when the master key can't be loaded.
    package func checks(cookie: String?, csrf: String?, client: String, now: Date) throws -> Bool {
        guard let cookie, let csrf else { return false }
        let parts = cookie.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[0].utf8.count == 64, let expires = Int64(parts[1]),
              Double(expires) > now.timeIntervalSince1970 else { return false }
        let key = try self.key.symmetricKey()
        let signed = AdminTokens.constantTimeEquals(parts[2], Self.mac(["cookie", parts[0], parts[1], client], key))
        let matches = AdminTokens.constantTimeEquals(csrf, Self.mac(["csrf", parts[0]], key))
        return signed && matches
    }

    private static func mac(_ fields: [String], _ key: SymmetricKey) -> String {
        HMAC<SHA256>.authenticationCode(for: Data(fields.joined(separator: "\u{0}").utf8), using: key).lowercaseHex
    }
}
