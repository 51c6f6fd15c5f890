extension TerminalText {
    /// JSON text made safe to print on a terminal and still the same JSON: every character
    /// ``DisplayText/isRefused(_:)`` refuses (an ESC, a bidirectional override such as U+202E,
    /// a zero-width space) is written as its `\uXXXX` escape, which a JSON reader turns back
    /// into the character, so a policy's notes can't rewrite the terminal or show reversed.
    ///
    /// Only for JSON that an encoder wrote: there a raw control can only be the whitespace
    /// between tokens (a JSON string holds none), so line breaks, tabs and spaces stay as they are.
    /// - Parameter json: JSON text, compact or indented.
    /// - Returns: The same JSON, with those characters escaped.
    public static func escapingJSON(_ json: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            guard DisplayText.isRefused(scalar), !["\n", "\r", "\t"].contains(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            // Past the BMP a JSON escape is a surrogate pair.
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return result
    }
}
