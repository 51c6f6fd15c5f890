import Crypto
import Foundation

/// The anti-rollback rules for signed policies, apart from the fetcher so they read as one list.
enum PolicyTrust {
    /// How far a signed `issuedAt` may run ahead of the device's clock. Enough for skewed clocks;
    /// short enough that a document signed with a leaked old key and dated years ahead can't
    /// outrank every later policy and freeze updates.
    static let maximumClockSkew: TimeInterval = 24 * 3600

    /// The SHA-256 of a document's exact bytes.
    static func digest(of body: Data) -> Data { Data(SHA256.hash(data: body)) }

    /// Refuses a signed policy that is undated, dated too far ahead, older than the trusted one, or
    /// a different document carrying the trusted one's `issuedAt`.
    static func checkFreshness(of policy: UpdatePolicy, digest: Data, platform: Platform,
                               cached: CachedPolicy?, now: Date) throws {
        guard let issuedAt = policy.issuedAt else { throw LaunchGateError.signedWithoutIssuedAt }
        if issuedAt.timeIntervalSince(now) > maximumClockSkew { throw LaunchGateError.issuedInFuture(issuedAt, now: now) }
        guard let cached, let previous = cached.policy.issuedAt else { return }
        if issuedAt < previous { throw LaunchGateError.rollback }
        if issuedAt == previous {
            // An entry saved without a digest can still be compared by what it says.
            let same = cached.digest.map { $0 == digest } ?? (cached.policy == policy.narrowed(to: platform))
            if !same { throw LaunchGateError.issuedAtReused }
        }
    }
}
