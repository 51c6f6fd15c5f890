import Mustache

/// HTML escaping by Unicode scalar: `<`, `>`, `&`, `"` and `'` become entities wherever they
/// occur, also as the first scalar of a grapheme with combining marks after it (`"\u{301}` is
/// one `Character`, which a per-`Character` escaper doesn't recognise as a quote, while an HTML
/// parser sees the quote and then a stray mark). The five are ASCII, and an ASCII byte in UTF-8
/// is always that scalar, so the bytes are scanned directly.
struct ScalarHTMLEscaping: MustacheContentType {
    package func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    /// `text` with every HTML-special scalar replaced by its entity.
    package static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
