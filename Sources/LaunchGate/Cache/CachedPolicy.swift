import Foundation

/// The last verified policy, as kept between launches.
public struct CachedPolicy: Sendable, Hashable, Codable {
    /// The policy.
    public var policy: UpdatePolicy
    /// The ETag it was served with, for `If-None-Match`.
    public var etag: String?
    /// The URL it came from; a cache from another source is not reused.
    public var source: URL

    /// Creates an entry.
    /// - Parameters:
    ///   - policy: The policy.
    ///   - etag: Its ETag.
    ///   - source: Where it came from.
    public init(policy: UpdatePolicy, etag: String?, source: URL) {
        self.policy = policy
        self.etag = etag
        self.source = source
    }
}
