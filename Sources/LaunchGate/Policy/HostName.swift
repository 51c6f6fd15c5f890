/// The one rule for what a host may look like, shared by a policy's update URL and the server's
/// `Host` header, so the two can't drift apart.
///
/// A host is spelled plainly: ASCII letters, digits, hyphens, dots and underscores (an IDN as its
/// `xn--` form), or an IP literal's hex digits and colons in brackets, with an optional `:port`.
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
    /// - Parameter value: A URL's host as written (percent-encoded, not decoded) or a `Host` header's value.
    /// - Returns: `false` for an empty value, one longer than ``maximumLength``, or one with any
    ///   other byte: non-ASCII, `%`, `@`, a space, a comma, a slash.
    public static func isPlain(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.count <= maximumLength && value.utf8.allSatisfy { byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
        }
    }
}
