/// Text from outside made safe to print on a terminal: names and notes that people typed (rows
/// stored before ``DisplayText`` refused such characters may still hold them) and a mail
/// server's replies.
///
/// `launchgate` prints them in tab-separated rows: an ESC or a C1 CSI in there could move the
/// cursor, retitle the window, rewrite earlier lines or, on some terminals, answer back as if typed;
/// a line break forges a row; a bidirectional override shows a row reversed. Every character
/// ``DisplayText/isRefused(_:)`` refuses (controls with tab and line breaks, DEL, C1, direction
/// marks and the other invisible ones) becomes U+FFFD, so what was there still shows.
public enum TerminalText {
    /// `text` with every character ``DisplayText/isRefused(_:)`` refuses replaced by U+FFFD.
    public static func printable(_ text: some StringProtocol) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { DisplayText.isRefused($0) ? "\u{FFFD}" : $0 }))
    }

    /// One tab-separated row of `fields`, each made ``printable(_:)``, so no field can end the row
    /// or start another.
    public static func row(_ fields: [String]) -> String {
        fields.map { printable($0) }.joined(separator: "\t")
    }
}
