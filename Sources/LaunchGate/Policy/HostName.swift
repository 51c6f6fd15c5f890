/// The one rule for what a host may look like, shared by a policy's update URL and the server's
/// `Host` header, so the two can't drift apart.
///
/// A host is spelled plainly: dot-separated labels of ASCII letters, digits and hyphens (an IDN as
/// its `xn--` form; underscores only where asked), or an IP literal's hex digits and colons in
/// brackets, with an optional `:port`.
/// Anything else can make two readers see two hosts: `%40` reads as `@` to one and not to another,
/// "apps.apple.com。evil.example" (an ideographic full stop) opens apps.apple.com.evil.example,
/// and a space, `@` or a comma in a `Host` header means a proxy in front may have read another
/// host than the server would.
///
/// ```swift
/// HostName.isPlain("apps.apple.com")          // true
/// HostName.isPlain("[2001:db8::1]:8080")      // true
/// HostName.isPlain("apps.apple.com%40evil")   // false
/// ```
@_spi(LaunchGateServer) public enum HostName {
    /// The longest value accepted, in UTF-8 bytes: a DNS name has at most 253, and brackets and a
    /// port add a few more; the rest is room, not a name anyone can resolve.
    public static let maximumLength = 300

    /// Whether `value` is a host, or `host:port`, spelled plainly (see ``HostName``).
    ///
    /// The structure is checked as well as the bytes, since `a:b:c`, `]x[` or `host:` are exactly
    /// the values two readers could split differently: a name of dot-separated labels (one
    /// trailing dot allowed) or a bracketed IP literal, then at most one `:` and 1–5 digits.
    /// - Parameters:
    ///   - value: A URL's host as written (percent-encoded, not decoded) or a `Host` header's value.
    ///   - allowsUnderscore: Whether a label may hold `_`. Hosts inside a network use it, so the
    ///     server's `Host` header takes it; an update URL does not, since SDKs already in apps read
    ///     a policy with the stricter rule and would refuse the whole document.
    /// - Returns: `false` for an empty value, one longer than ``maximumLength``, one with any other
    ///   byte (non-ASCII, `%`, `@`, a space, a comma, a slash), or one that isn't a host and a port.
    public static func isPlain(_ value: String, allowsUnderscore: Bool = false) -> Bool {
        guard !value.isEmpty, value.utf8.count <= maximumLength else { return false }
        var host = Substring(value)
        var port: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let literal = host[host.index(after: host.startIndex)..<close]
            let rest = host[host.index(after: close)...]
            guard literal.contains(":"), literal.utf8.allSatisfy({ isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") })
            else { return false }
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return false }
                port = rest.dropFirst()
            }
            host = literal
        } else {
            if let colon = host.firstIndex(of: ":") {
                port = host[host.index(after: colon)...]
                host = host[..<colon]
            }
            let name = host.hasSuffix(".") ? host.dropLast() : host
            let labels = name.split(separator: ".", omittingEmptySubsequences: false)
            guard labels.allSatisfy({ label in
                !label.isEmpty && label.utf8.allSatisfy { byte in
                    isLetterOrDigit(byte) || byte == UInt8(ascii: "-") || (allowsUnderscore && byte == UInt8(ascii: "_"))
                }
            }) else { return false }
        }
        if let port {
            guard (1...5).contains(port.utf8.count), port.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
        }
        return true
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
