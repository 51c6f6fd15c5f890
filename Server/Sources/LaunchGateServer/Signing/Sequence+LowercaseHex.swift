extension Sequence where Element == UInt8 {
    /// The bytes as lowercase hex, two characters each. Built directly rather than with
    /// `String(format:)` per byte, which goes through Foundation's formatter and showed up in
    /// sign-in profiles (every code hash, token hash and ID is hex).
    var lowercaseHex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
