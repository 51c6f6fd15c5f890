/// A bounded parser for the RFC 8941 dictionary subset ``ClientHeader`` uses: it walks the bytes
/// once, refuses anything outside the subset, and never reads past the caps.
struct ClientHeaderParser {
    private let bytes: [UInt8]
    private var index = 0

    init(_ value: String) {
        // Refused below by length, so never copy more than one byte past the cap.
        bytes = Array(value.utf8.prefix(ClientHeader.maximumLength + 1))
    }

    mutating func dictionary() -> [String: String]? {
        guard bytes.count <= ClientHeader.maximumLength else { return nil }
        var members: [String: String] = [:]
        var count = 0
        skip(spacesOnly: true)
        if isAtEnd { return members }
        while true {
            guard let key = key(), next() == UInt8(ascii: "="), let value = item() else { return nil }
            count += 1
            guard count <= ClientHeader.maximumMembers else { return nil }
            members[key] = value
            skip(spacesOnly: false)
            if isAtEnd { return members }
            guard next() == UInt8(ascii: ",") else { return nil }
            skip(spacesOnly: false)
            if isAtEnd { return nil }   // a trailing comma
        }
    }

    // MARK: Pieces

    private var isAtEnd: Bool { index >= bytes.count }

    private mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skip(spacesOnly: Bool) {
        while let byte = peek(), byte == 0x20 || (!spacesOnly && byte == 0x09) { index += 1 }
    }

    /// `key = ( lcalpha / "*" ) *( lcalpha / DIGIT / "_" / "-" / "." / "*" )`, at most 64 bytes.
    private mutating func key() -> String? {
        guard let first = peek(), Self.isLower(first) || first == UInt8(ascii: "*") else { return nil }
        let start = index
        while let byte = peek(), Self.isLower(byte) || Self.isDigit(byte) || "_-.*".utf8.contains(byte) {
            index += 1
            guard index - start <= 64 else { return nil }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A string, a token or an integer; parameters (`;`) and inner lists are outside the subset.
    private mutating func item() -> String? {
        guard let first = peek() else { return nil }
        let value: String?
        if first == UInt8(ascii: "\"") {
            value = string()
        } else if Self.isAlpha(first) || first == UInt8(ascii: "*") {
            value = run { Self.isTokenChar($0) }
        } else if Self.isDigit(first) || first == UInt8(ascii: "-") {
            index += 1
            let digits = run { Self.isDigit($0) } ?? ""
            value = (first == UInt8(ascii: "-") && digits.isEmpty) || digits.count > 14 ? nil
                : String(decoding: [first], as: UTF8.self) + digits
        } else {
            value = nil
        }
        guard let value, peek() != UInt8(ascii: ";") else { return nil }
        return value
    }

    /// `"` *( unescaped / `\"` / `\\` ) `"`, printable ASCII only, at most the value cap.
    private mutating func string() -> String? {
        index += 1
        var scalars: [UInt8] = []
        while let byte = next() {
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = next(), escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\\") else { return nil }
                scalars.append(escaped)
            case 0x20...0x7E:
                scalars.append(byte)
            default:
                return nil
            }
            guard scalars.count <= ClientHeader.maximumValueLength else { return nil }
        }
        return nil   // unterminated
    }

    private mutating func run(_ accepts: (UInt8) -> Bool) -> String? {
        let start = index
        while let byte = peek(), accepts(byte) {
            index += 1
            guard index - start <= ClientHeader.maximumValueLength else { return nil }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func isLower(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) }
    private static func isAlpha(_ byte: UInt8) -> Bool { isLower(byte) || (0x41...0x5A).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    /// RFC 9110 tchar, plus ":" and "/" as RFC 8941 tokens allow.
    private static func isTokenChar(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || "!#$%&'*+-.^_`|~:/".utf8.contains(byte)
    }
}
