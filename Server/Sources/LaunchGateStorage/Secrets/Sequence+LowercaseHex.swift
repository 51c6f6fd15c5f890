extension Sequence where Element == UInt8 {
    /// The bytes as lowercase hex, two characters each. Built directly rather than with
    /// `String(format:)` per byte, which goes through Foundation's formatter and showed up in
    /// sign-in profiles (every code hash, token hash and ID is hex).
    package var lowercaseHex: String {
        var out: [UInt8] = []
        out.reserveCapacity(Swift.max(underestimatedCount, 16) * 2)
        for byte in self {
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The digits `lowercaseHex` writes, made once.
private let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
