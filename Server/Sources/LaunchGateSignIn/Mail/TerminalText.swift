/// Text from outside (a mail server's reply, above all) made safe to print on a terminal.
///
/// A hostile or broken SMTP server chooses the text of its replies, and `launchgate mail status`
/// shows them: an ESC or a C1 CSI in there could move the cursor, retitle the window, rewrite
/// earlier lines or, on some terminals, answer back as if typed. Every control character, C0
/// (tab and line breaks included: the output is one tab-separated line per item), DEL and C1,
/// becomes U+FFFD, so what was there still shows.
public enum TerminalText {
    /// `text` with every control character (U+0000 to U+001F, U+007F, U+0080 to U+009F) replaced
    /// by U+FFFD.
    public static func printable(_ text: some StringProtocol) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "\u{FFFD}" : $0 }))
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
