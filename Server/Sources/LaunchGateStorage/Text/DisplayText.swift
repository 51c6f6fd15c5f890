/// The one rule for text that people type and others read back: token and app names, exemption
/// notes and the notes of published revisions.
///
/// They appear in console lists, in history ("who published it, and why") and in the CLI's
/// tab-separated output, where a newline forges a row, an ESC rewrites the terminal, and a
/// bidirectional override shows the text reversed. So each must be one line, with no control or
/// format characters (direction marks, overrides and isolates, zero-width characters, tags) and
/// nothing else that renders as nothing. ``TerminalText`` escapes the same characters in what the
/// CLI prints, for rows stored before this rule.
public enum DisplayText {
    /// Whether `text` may be stored: 1 to `maximumBytes` UTF-8 bytes, no character ``isRefused(_:)``
    /// refuses, and at least one visible one (a name of only spaces or marks names nothing).
    public static func isValidName(_ text: String, maximumBytes: Int) -> Bool {
        (1...maximumBytes).contains(text.utf8.count) && !text.unicodeScalars.contains(where: isRefused) && text.unicodeScalars.contains(where: isVisible)
    }

    /// Whether a note may be stored: none (`nil` or empty), or one line without a character
    /// ``isRefused(_:)`` refuses. Its length is the caller's rule.
    public static func isValidNote(_ text: String?) -> Bool {
        !(text ?? "").unicodeScalars.contains(where: isRefused)
    }

    /// Whether a character can't be shown as it is: C0 and C1 controls (line breaks, tab and ESC
    /// included), DEL, format characters, line and paragraph separators, private-use, surrogate,
    /// unassigned and noncharacter code points, and default-ignorable ones. The zero-width joiner
    /// and variation selectors are allowed, since emoji need them (❤️, 👨‍👩‍👧); alone they are
    /// nothing visible, which ``isValidName(_:maximumBytes:)`` catches.
    public static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value) { return false }
        let properties = scalar.properties
        return [.control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned]
            .contains(properties.generalCategory) || properties.isDefaultIgnorableCodePoint
            || properties.isNoncharacterCodePoint || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// A letter, digit, punctuation mark or symbol, except the blank ones (braille blank, the
    /// Hangul fillers) that fonts draw as nothing.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
             .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return ![0x2800, 0x3164, 0xFFA0, 0x115F, 0x1160].contains(scalar.value)
        default: return false
        }
    }
}
