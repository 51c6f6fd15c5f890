import Foundation

/// Renders a ``MailMessage`` as an RFC 5322 message with a MIME multipart/alternative body (text
/// and HTML, UTF-8, quoted-printable), with `Date` and `Message-ID`.
///
/// No value can add a header: addresses are refused unless they are one token without spaces,
/// controls or the characters that delimit addresses; the subject and display name lose their
/// control characters and are written as RFC 2047 encoded words whenever they are not plain ASCII.
enum MIMEMessage {
    /// Characters that would end, quote or split an address in a header or an SMTP command.
    private static let addressDelimiters = Set("<>()[],;:\"\\ ".unicodeScalars)

    /// Whether an address can be written as `<address>` in `MAIL FROM`, `RCPT TO` and headers unchanged.
    static func isSafeAddress(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && address.utf8.count <= 254
            && !address.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control || addressDelimiters.contains($0) }
    }

    /// The whole message, lines ending in CRLF, not yet dot-stuffed.
    /// - Parameter boundary: The multipart boundary: random, so no body can contain it.
    /// - Throws: ``MailDeliveryError`` for an address that is not safe.
    package static func render(_ message: MailMessage, boundary: String) throws -> String {
        guard isSafeAddress(message.to) else { throw MailDeliveryError.unsafeAddress(message.to) }
        guard isSafeAddress(message.from.address) else { throw MailDeliveryError.unsafeAddress(message.from.address) }
        let from = message.from.name.map { "\(displayName($0)) <\(message.from.address)>" } ?? "<\(message.from.address)>"
        let headers = [
            "Date: \(date(message.date))",
            "From: \(from)",
            "To: <\(message.to)>",
            "Subject: \(headerText(message.subject))",
            "Message-ID: \(message.messageID)",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
        ]
        let parts = [("text/plain", message.text), ("text/html", message.html)].map { type, body in
            "--\(boundary)\r\nContent-Type: \(type); charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
                + quotedPrintable(body) + "\r\n"
        }
        return headers.joined(separator: "\r\n") + "\r\n\r\n" + parts.joined() + "--\(boundary)--\r\n"
    }

    /// An RFC 5322 date in English and UTC, such as `Mon, 23 Nov 2026 10:00:00 +0000`.
    package static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }

    /// Header text on one logical line: controls become spaces; anything but printable ASCII is
    /// written as encoded words, folded so no line passes 78 characters.
    static func headerText(_ text: String) -> String {
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        if clean.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) && !clean.contains("=?") {
            return fold(clean)
        }
        return encodedWords(clean).joined(separator: "\r\n ")
    }

    /// A display name as a quoted string, or as encoded words when it is not plain ASCII.
    private static func displayName(_ name: String) -> String {
        let clean = String(String.UnicodeScalarView(name.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        guard clean.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }), !clean.contains("=?") else {
            return encodedWords(clean).joined(separator: "\r\n ")
        }
        return "\"" + clean.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// RFC 2047 B-encoded words of at most 45 bytes of UTF-8 each (75 characters encoded), never
    /// splitting a character.
    private static func encodedWords(_ text: String) -> [String] {
        var words: [String] = []
        var chunk = Data()
        for character in text {
            let bytes = Data(String(character).utf8)
            if chunk.count + bytes.count > 45, !chunk.isEmpty {
                words.append("=?utf-8?B?\(chunk.base64EncodedString())?=")
                chunk = Data()
            }
            chunk.append(bytes)
        }
        if !chunk.isEmpty || words.isEmpty { words.append("=?utf-8?B?\(chunk.base64EncodedString())?=") }
        return words
    }

    /// Folds ASCII header text at spaces so lines stay near 78 characters.
    private static func fold(_ text: String) -> String {
        var lines: [String] = []
        var line: String?
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            guard let current = line else { line = String(word); continue }
            if current.count + 1 + word.count > 70, !current.isEmpty {
                lines.append(current)
                line = String(word)
            } else {
                line = current + " " + word
            }
        }
        lines.append(line ?? "")
        return lines.joined(separator: "\r\n ")
    }

    /// Quoted-printable (RFC 2045) of UTF-8 text: line breaks become CRLF, lines are soft-broken
    /// before 76 characters, and `=`, non-ASCII bytes and trailing spaces are escaped.
    static func quotedPrintable(_ text: String) -> String {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { line in
            var output = ""
            var length = 0
            let bytes = Array(line.utf8)
            for (index, byte) in bytes.enumerated() {
                let isLast = index == bytes.count - 1
                let literal = (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "=")) || ((byte == 32 || byte == 9) && !isLast)
                let piece = literal ? String(UnicodeScalar(byte)) : String(format: "=%02X", byte)
                if length + piece.count > 75 {
                    output += "=\r\n"
                    length = 0
                }
                output += piece
                length += piece.count
            }
            return output
        }.joined(separator: "\r\n")
    }
}
