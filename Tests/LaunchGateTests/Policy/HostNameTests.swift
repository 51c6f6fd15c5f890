import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

/// The rule a policy's update URL and the server's Host header share.
@Suite struct HostNameTests {
    @Test("a host is ASCII letters, digits, - . _ or a bracketed IP literal, with an optional port; %-escapes, user info, spaces, commas, non-ASCII, nothing and over 300 bytes are not",
          arguments: [
              ("apps.apple.com", true), ("xn--bcher-kva.example", true), ("launch_gate:8080", true), ("127.0.0.1:18700", true),
              ("[2001:db8::1]", true), ("[2001:db8::1]:443", true), ("t", true),
              (String(repeating: "a", count: HostName.maximumLength), true),
              ("", false), (String(repeating: "a", count: HostName.maximumLength + 1), false),
              ("apps.apple.com%40evil.example", false), ("apps.apple.com%2eevil.example", false), ("u@evil.example", false),
              ("a b", false), ("a, b", false), ("a/b", false), ("apps.apple.com\u{3002}evil.example", false), ("bücher.example", false),
              ("a\tb", false), ("a\r\nb", false),
          ])
    func plain(value: String, accepted: Bool) {
        #expect(HostName.isPlain(value) == accepted)
    }
}
