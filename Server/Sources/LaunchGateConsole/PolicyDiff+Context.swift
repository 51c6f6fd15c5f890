import Foundation
import LaunchGate

extension PolicyDiff {
    /// `lines` with each changed line's place in its document: "iOS required" for a line of
    /// `platforms.ios.required`, so a diff says which platform a change is on without the reader
    /// counting braces.
    ///
    /// The documents are ``text(of:)``'s: one key or value per line, each object or array opened
    /// at the end of its key's line (`"required" : {`) and closed on a line of its own. The old
    /// document is what the unchanged and removed lines spell, the new one the unchanged and added
    /// lines; each keeps its own stack of open keys.
    static func withContexts(_ lines: [Line]) -> [Line] {
        var old: [String] = []
        var new: [String] = []
        return lines.map { line in
            var stacks = line.change == .same ? [old, new] : [line.change == .removed ? old : new]
            let context = describe(stacks[0])
            let trimmed = line.text.trimmingCharacters(in: .whitespaces)
            for index in stacks.indices {
                if trimmed.hasPrefix("}") || trimmed.hasPrefix("]") {
                    _ = stacks[index].popLast()
                } else if trimmed.hasSuffix("{") || trimmed.hasSuffix("[") {
                    stacks[index].append(key(of: trimmed) ?? "")
                }
            }
            switch line.change {
            case .same: (old, new) = (stacks[0], stacks[1])
            case .removed: old = stacks[0]
            case .added: new = stacks[0]
            }
            return line.change == .same ? line : Line(change: line.change, text: line.text, context: context)
        }
    }

    /// `"required" : {` → `required`; `nil` for an array's unnamed object.
    private static func key(of line: String) -> String? {
        guard line.hasPrefix("\""), let end = line.dropFirst().firstIndex(of: "\"") else { return nil }
        return String(line[line.index(after: line.startIndex)..<end])
    }

    /// The open keys as a person reads them: the platform by its name, without `platforms`.
    private static func describe(_ stack: [String]) -> String? {
        var names = stack.filter { !$0.isEmpty }
        if names.first == "platforms" {
            names.removeFirst()
            if let first = names.first, let platform = Platform(rawValue: first) { names[0] = platform.osName }
        }
        return names.isEmpty ? nil : names.joined(separator: " ")
    }
}
