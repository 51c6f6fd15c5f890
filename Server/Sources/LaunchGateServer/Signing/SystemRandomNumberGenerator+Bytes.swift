import Foundation

extension SystemRandomNumberGenerator {
    /// `bytes` random bytes as lowercase hex.
    static func hex(_ bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }
}
