import Foundation
import Synchronization

/// Hands out tokens per key, signing a new one only when the last is within ``renewBefore`` of
/// expiring: Apple asks clients to reuse tokens rather than sign one per request.
public final class AppStoreConnectTokens: Sendable {
    /// How long before expiry a token is replaced.
    public static let renewBefore: TimeInterval = 5 * 60

    private let now: @Sendable () -> Date
    private let cache = Mutex<[String: AppStoreConnectToken]>([:])

    /// - Parameter now: The clock.
    public init(now: @escaping @Sendable () -> Date = Date.init) { self.now = now }

    /// A token for the key: the cached one while it has more than five minutes left, a new one otherwise.
    public func token(for credentials: AppStoreConnectCredentials) throws -> AppStoreConnectToken {
        let now = now()
        // Keyed by everything that goes into the token, so new credentials never reuse an old token.
        let key = credentials.issuerID + "\u{0}" + credentials.keyID + "\u{0}" + credentials.pemRepresentation
        if let cached = cache.withLock({ $0[key] }), cached.issuedAt <= now, now < cached.expiresAt - Self.renewBefore {
            return cached
        }
        let fresh = try AppStoreConnectToken(credentials: credentials, now: now)
        cache.withLock { $0[key] = fresh }
        return fresh
    }
}
