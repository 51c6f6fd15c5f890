import SnapshotTesting
@_spi(LaunchGateServer) @testable import LaunchGate

/// A language's screens as text a person can review: every word and button of each screen, in
/// order, with the language's direction, so a snapshot's diff shows exactly which words changed.
struct ScreenTranscript {
    let strings: LaunchGateStrings
    let entries: [ScreenCatalog.Entry]

    /// The invisible direction isolates around inserted values, shown so a reviewer sees them.
    private static func visible(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{2068}", with: "⟨").replacingOccurrences(of: "\u{2069}", with: "⟩")
    }

    private static func lines(_ label: String, _ text: String?) -> [String] {
        guard let text else { return [] }
        let parts = visible(text).split(separator: "\n", omittingEmptySubsequences: false)
        return ["\(label): \(parts[0])"] + parts.dropFirst().map { $0.isEmpty ? "" : "    \($0)" }
    }

    var text: String {
        let direction = strings.isRightToLeft ? "right to left" : "left to right"
        var out = [
            "# LaunchGate's screens in \(strings.language), \(direction)",
            "# Every update and sign-in screen, as the core words it; ⟨ and ⟩ stand for the invisible",
            "# isolates (U+2068, U+2069) that keep an inserted value's own direction.",
            "",
            "right to left: \(strings.isRightToLeft)",
        ]
        out += Self.lines("loading", strings.checking)
        out += Self.lines("sign out", strings.signOut)
        for entry in entries {
            out.append("")
            switch entry {
            case .gate(let name, let screen):
                out.append("## \(name) (\(screen.kind.rawValue), \(screen.style.rawValue)\(screen.isDismissable ? "" : ", can't be left"))")
                out += Self.lines("title", screen.title)
                out += Self.lines("message", screen.message)
                out += Self.lines("notes", screen.releaseNotes)
                for (label, action) in [("primary", screen.primaryAction), ("secondary", screen.secondaryAction)] {
                    if let action {
                        out += Self.lines(label, "[\(action.title)] \(action.role.rawValue)"
                                          + (action.accessibilityHint.map { ", hint \"\($0)\"" } ?? ""))
                    }
                }
            case .signIn(let name, let screen):
                out.append("## sign-in, \(name) (\(screen.step.rawValue))")
                out += Self.lines("title", screen.title)
                out += Self.lines("message", screen.message)
                if let field = screen.field {
                    let kind = switch field.kind {
                    case .email: "email"
                    case .code(let length): "code of \(length) digits"
                    }
                    out += Self.lines("field", "\(kind), \"\(field.label)\", placeholder \"\(field.placeholder)\", "
                                      + "value \"\(field.value)\"\(field.isEditable ? "" : ", locked")")
                }
                out += Self.lines("error", screen.error)
                out += Self.lines("progress", screen.progress)
                for action in screen.actions {
                    out += Self.lines("button", "[\(action.title)] \(action.role.rawValue)\(action.isEnabled ? "" : ", disabled")")
                }
            }
        }
        return out.joined(separator: "\n") + "\n"
    }
}

extension Snapshotting where Value == ScreenTranscript, Format == String {
    /// The transcript's text, compared line by line.
    static var transcript: Snapshotting { Snapshotting<String, String>.lines.pullback(\.text) }
}
