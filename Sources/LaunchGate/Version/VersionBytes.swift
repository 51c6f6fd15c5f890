/// Byte-level pieces shared by the version and build parsers.
enum VersionBytes {
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes.prefix(32), as: UTF8.self) }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, isSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isSpace(last) { slice = slice.dropLast() }
        return slice
    }

    /// Dot-separated numbers, as in a release or a build; leading zeros are allowed (`2022.08.25`).
    static func numbers(_ bytes: ArraySlice<UInt8>, input: String) throws -> [Int] {
        var result: [Int] = []
        for part in bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard !part.isEmpty else {
                throw VersionParseError(.emptyComponent, input: input, "a component between dots is empty")
            }
            var value = 0
            for byte in part {
                guard isDigit(byte) else {
                    throw VersionParseError(.notNumeric, input: input, "\"\(text(part))\" is not a number")
                }
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int(byte - 0x30))
                guard !overflow1, !overflow2 else {
                    throw VersionParseError(.outOfRange, input: input, "\(text(part)) is too large")
                }
                value = sum
            }
            result.append(value)
        }
        return result
    }

    /// Dot-separated SemVer identifiers: letters, digits and hyphens, none empty.
    static func identifiers(_ bytes: ArraySlice<UInt8>, kind: String, input: String) throws -> [String] {
        try bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map { part in
            guard !part.isEmpty else {
                throw VersionParseError(.invalidIdentifier, input: input, "the \(kind) has an empty identifier")
            }
            let allowed = part.allSatisfy { byte in
                isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
            }
            guard allowed else {
                throw VersionParseError(.invalidIdentifier, input: input,
                                        "the \(kind) \"\(text(part))\" may hold only letters, digits and hyphens")
            }
            return String(decoding: part, as: UTF8.self)
        }
    }
}
