import Foundation

extension SystemRandomNumberGenerator {
    /// `bytes` random bytes as lowercase hex.
    static func hex(_ bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }.lowercaseHex
    }
}
