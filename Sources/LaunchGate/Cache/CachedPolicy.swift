import Foundation

/// The last verified policy, as kept between launches.
@_spi(LaunchGateServer) public struct CachedPolicy: Sendable, Hashable, Codable {
    /// The policy.
    public var policy: UpdatePolicy
    /// The ETag it was served with, for `If-None-Match`.
    public var etag: String?
    /// The URL it came from; a cache from another source is not reused.
    public var source: URL
    /// The SHA-256 of the document's exact bytes as verified, so a different document re-using
    /// the same `issuedAt` can be told apart from the same one served again; `nil` when unknown.
    public var digest: Data?

    /// Creates an entry.
    /// - Parameters:
    ///   - policy: The policy.
    ///   - etag: Its ETag.
    ///   - source: Where it came from.
    ///   - digest: The SHA-256 of the verified bytes, if known.
    public init(policy: UpdatePolicy, etag: String?, source: URL, digest: Data? = nil) {
        self.policy = policy
        self.etag = etag
        self.source = source
        self.digest = digest
    }
}
