import Foundation
import Testing
@testable import LaunchGateStorage

/// `launchgate policy show` printed a policy's release notes on a terminal with a right-to-left
/// override (U+202E) in them raw, which shows the rest of the line reversed. JSON for a terminal now
/// writes such characters as `\u` escapes, which a JSON reader turns back into the same text.
@Suite("JSON printed on a terminal escapes control and bidi characters and stays the same JSON")
struct TerminalJSONTests {
    @Test("a right-to-left override, an ESC and a character past the BMP become \\u escapes; line breaks and indentation stay")
    func escapes() throws {
        let notes = "Fixes \u{202E}evil \u{1B}[2J tag\u{E0001} ok é 🎉"
        let object: [String: Any] = ["platforms": ["ios": ["notes": notes]]]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
        let escaped = TerminalText.escapingJSON(json)
        #expect(escaped.contains(#"Fixes \u202eevil"#))
        #expect(escaped.contains(#"tag\udb40\udc01 ok é 🎉"#), "a scalar past the BMP is a surrogate pair; visible ones stay")
        #expect(!escaped.unicodeScalars.contains { DisplayText.isRefused($0) && !["\n", "\r", "\t"].contains($0) })
        #expect(escaped.contains("\n  \"platforms\""), "the indentation is kept")
        let back = try #require(try JSONSerialization.jsonObject(with: Data(escaped.utf8)) as? [String: Any])
        #expect(((back["platforms"] as? [String: Any])?["ios"] as? [String: Any])?["notes"] as? String == notes)
    }

    @Test("JSON without such characters comes back unchanged")
    func unchanged() {
        let json = #"[{"id":"notes","name":"Notes é"}]"#
        #expect(TerminalText.escapingJSON(json) == json)
    }
}
