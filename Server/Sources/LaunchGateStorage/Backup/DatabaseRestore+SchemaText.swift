import Foundation

extension DatabaseRestore {
    /// A schema object's SQL text in one spelling, so that two texts SQLite reads alike compare
    /// equal while any change of meaning shows: whitespace collapsed (and dropped around `(`, `)`,
    /// `,` and `;`), letters lowercased (keywords and names are case-insensitive), a plain name's
    /// quotes (`"apps"`, `` `apps` ``, `[apps]`) dropped, and `IF NOT EXISTS` after `CREATE …`
    /// removed. String literals (`'…'`) are kept exactly as written.
    static func normalizedSQL(_ sql: String) -> String {
        let characters = Array(sql)
        var output = ""
        var pendingSpace = false
        // A name unquoted stays a word of its own: `x"y"` is two words, not `xy`.
        var lastWasName = false
        var index = 0
        func isWord(_ character: Character?) -> Bool { character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
        func append(_ text: String, name: Bool = false) {
            let touching = (name || lastWasName) && isWord(output.last) && isWord(text.first)
            if pendingSpace || touching, let last = output.last, !"(,;".contains(last) { output += " " }
            pendingSpace = false
            lastWasName = name
            output += text
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "'":
                // A literal, '' inside it standing for one quote.
                var literal = "'"
                index += 1
                while index < characters.count {
                    literal.append(characters[index])
                    if characters[index] == "'" {
                        if index + 1 < characters.count, characters[index + 1] == "'" { literal.append("'"); index += 2; continue }
                        break
                    }
                    index += 1
                }
                append(literal)
            case "\"", "`", "[":
                let close: Character = character == "[" ? "]" : character
                var name = ""
                index += 1
                while index < characters.count {
                    if characters[index] == close {
                        if close != "]", index + 1 < characters.count, characters[index + 1] == close { name.append(close); index += 2; continue }
                        break
                    }
                    name.append(characters[index])
                    index += 1
                }
                let lowered = name.lowercased()
                append(isPlainName(lowered) ? lowered : "\"" + lowered.replacingOccurrences(of: "\"", with: "\"\"") + "\"", name: true)
            case _ where character.isWhitespace:
                pendingSpace = true
            case "(", ")", ",", ";":
                pendingSpace = false
                lastWasName = false
                output.append(character)
            default:
                append(String(character).lowercased())
            }
            index += 1
        }
        for kind in ["table", "index", "unique index", "view", "trigger"] where output.hasPrefix("create \(kind) if not exists ") {
            output.removeSubrange(output.index(output.startIndex, offsetBy: "create \(kind) ".count)..<output.index(output.startIndex, offsetBy: "create \(kind) if not exists ".count))
        }
        return output
    }

    /// A name that needs no quotes: a letter or `_`, then letters, digits and `_` (ASCII).
    private static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }
}
