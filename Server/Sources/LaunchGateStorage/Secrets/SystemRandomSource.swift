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
