import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

/// The rule a policy's update URL and the server's Host header share.
@Suite struct HostNameTests {
    @Test("a host is dot-separated labels of ASCII letters, digits and hyphens or a bracketed IP literal, with an optional port of 1–5 digits; %-escapes, user info, spaces, commas, non-ASCII, empty labels, stray colons or brackets, nothing and over 300 bytes are not",
          arguments: [
              ("apps.apple.com", true), ("xn--bcher-kva.example", true), ("launch-gate:8080", true), ("apps.apple.com.", true), ("127.0.0.1:18700", true),
              ("[2001:db8::1]", true), ("[2001:db8::1]:443", true), ("t", true),
              (String(repeating: "a", count: HostName.maximumLength), true),
              ("", false), (String(repeating: "a", count: HostName.maximumLength + 1), false),
              ("apps.apple.com%40evil.example", false), ("apps.apple.com%2eevil.example", false), ("u@evil.example", false),
              ("a b", false), ("a, b", false), ("a/b", false), ("apps.apple.com\u{3002}evil.example", false), ("bücher.example", false),
              ("a\tb", false), ("a\r\nb", false),
              // Structure: two readers could split these differently.
              ("a:b:c", false), ("apps.apple.com:80:443", false), ("]x[", false), ("host:", false), (":", false),
              ("..", false), (".apps.apple.com", false), ("apps..apple.com", false), ("host:123456", false),
              ("[2001:db8::1", false), ("[2001:db8::1]x", false), ("[zz::1]", false), ("[]", false), ("a[b]", false),
              // An update URL takes no underscore: SDKs already in apps read policies with that rule.
              ("launch_gate.example", false),
          ])
    func plain(value: String, accepted: Bool) {
        #expect(HostName.isPlain(value) == accepted)
    }

    @Test("the server's Host header may hold an underscore, which an update URL may not")
    func underscore() {
        #expect(HostName.isPlain("launch_gate:8080", allowsUnderscore: true))
        #expect(!HostName.isPlain("launch_gate:8080"))
        #expect(!HostName.isPlain("a:b:c", allowsUnderscore: true))
    }
}
