import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 network in CIDR notation, such as `10.0.0.0/8` or `fd00::/8`; a bare address
/// is a network of one.
///
/// Used for `--trusted-proxy`: only a peer inside one of these may say, in `X-Forwarded-For`,
/// which client it forwards for.
public struct IPNetwork: Sendable, Hashable, CustomStringConvertible {
    /// The address bytes: 4 for IPv4, 16 for IPv6.
    private let bytes: [UInt8]
    /// How many leading bits must match.
    private let prefixLength: Int

    /// Reads `ADDRESS` or `ADDRESS/PREFIX`.
    /// - Throws: ``IPNetworkError`` naming what is wrong.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let bytes = Self.addressBytes(String(parts[0])) else {
            throw IPNetworkError(text: text, reason: "is not an IPv4 or IPv6 address")
        }
        let maximum = bytes.count * 8
        var prefix = maximum
        if parts.count == 2 {
            guard let value = Int(parts[1]), (0...maximum).contains(value) else {
                throw IPNetworkError(text: text, reason: "needs a prefix length from 0 to \(maximum) after '/'")
            }
            prefix = value
        }
        self.bytes = bytes
        self.prefixLength = prefix
    }

    /// Whether an address (as text, with an optional IPv6 zone) lies in this network. An IPv4
    /// address mapped into IPv6 (`::ffff:10.0.0.1`) counts as the IPv4 address.
    public func contains(_ address: String) -> Bool {
        guard var candidate = Self.addressBytes(address) else { return false }
        if candidate.count == 16, bytes.count == 4, candidate.prefix(12) == Self.mappedPrefix[...] { candidate = Array(candidate.suffix(4)) }
        guard candidate.count == bytes.count else { return false }
        var remaining = prefixLength
        for index in 0..<bytes.count where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            guard candidate[index] & mask == bytes[index] & mask else { return false }
            remaining -= bits
        }
        return true
    }

    /// The network as it would be written.
    public var description: String {
        let text: String
        if bytes.count == 4 {
            text = bytes.map(String.init).joined(separator: ".")
        } else {
            text = stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }.joined(separator: ":")
        }
        return "\(text)/\(prefixLength)"
    }

    private static let mappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]

    /// The address's bytes, or `nil`; accepts `[v6]` brackets and drops a `%zone`.
    package static func addressBytes(_ text: String) -> [UInt8]? {
        var text = text.trimmingCharacters(in: .whitespaces)
        guard text.utf8.count <= 64 else { return nil }
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        if let zone = text.firstIndex(of: "%") { text = String(text[..<zone]) }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}
