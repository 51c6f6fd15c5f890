/// Where sign-in draws its secrets (codes, session tokens, IDs): a cryptographically secure
/// generator in production, a scripted one in tests.
public protocol RandomSource: Sendable {
    /// `count` bytes, each uniform and independent of every other byte ever drawn.
    /// - Parameter count: How many.
    /// - Returns: The bytes.
    func bytes(_ count: Int) -> [UInt8]
}
