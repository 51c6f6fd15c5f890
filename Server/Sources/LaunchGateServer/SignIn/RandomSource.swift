/// Where sign-in draws its secrets (codes, session tokens, IDs): a cryptographically secure
/// generator in production, a scripted one in tests.
public protocol RandomSource: Sendable {
    /// `count` bytes, each uniform and independent of every other byte ever drawn.
    /// - Parameter count: How many.
    /// - Returns: The bytes.
    func bytes(_ count: Int) -> [UInt8]
}

/// The operating system's CSPRNG (`getrandom` on Linux, `arc4random` on Apple platforms), through
/// `SystemRandomNumberGenerator`.
public struct SystemRandomSource: RandomSource {
    /// Creates the source.
    public init() {}

    /// See ``RandomSource/bytes(_:)``.
    public func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<max(0, count)).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
