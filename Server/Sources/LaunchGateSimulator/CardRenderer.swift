/// Draws a ``ScreenCard`` as a framed block of text: box drawing with bold and dim for a terminal,
/// or plain ASCII with no escape codes for a file, a pipe or a test.
///
/// ```
/// +--------------------------------------------------------------+
/// | [Update required]                                            |
/// |                                                              |
/// | This version is no longer supported. Please update to        |
/// | version 2.4.1 to continue.                                   |
/// |                                                              |
/// | ( Update Now )                                               |
/// +--------------------------------------------------------------+
/// ```
public struct CardRenderer: Sendable {
    /// How text is drawn.
    public enum Style: Sendable, Hashable {
        /// ASCII frame, no escape codes.
        case plain
        /// Box drawing; with `color`, ANSI bold, dim and red too.
        case terminal(color: Bool)
    }

    /// The drawing style.
    public var style: Style
    /// The card's width in columns, frame included; at least 24.
    public var width: Int

    /// The width a card has when nothing says otherwise (a pipe, a file).
    public static let defaultWidth = 64

    /// Creates a renderer.
    /// - Parameters:
    ///   - style: Plain or terminal.
    ///   - width: Columns, frame included; less than 24 is taken as 24.
    public init(style: Style, width: Int = CardRenderer.defaultWidth) {
        self.style = style
        self.width = max(24, width)
    }

    private enum Emphasis { case none, bold, dim, error }
    private struct Line { var text: String; var emphasis: Emphasis = .none }

    /// The card as lines of text, ending with a line break.
    /// - Parameter card: The card.
    /// - Returns: The framed card.
    public func render(_ card: ScreenCard) -> String {
        let inner = width - 4
        var lines = Self.wrap("[\(Self.clean(card.label))]", width: inner).map { Line(text: $0, emphasis: .bold) }
        if let banner = card.banner {
            lines.append(Line(text: ""))
            lines += Self.wrap("Banner: \(Self.clean(banner.title))", width: inner).map { Line(text: $0, emphasis: .bold) }
            lines += Self.wrap(Self.clean(banner.message), width: inner - 2).map { Line(text: "  " + $0) }
            let row = banner.buttons.map(button).joined(separator: "  ")
            let rows = row.count <= inner - 2 ? [row] : banner.buttons.map(button)
            lines += rows.filter { !$0.isEmpty }.flatMap { $0.count <= inner - 2 ? [$0] : Self.wrap($0, width: inner - 2) }.map { Line(text: "  " + $0) }
        }
        for paragraph in card.paragraphs {
            lines.append(Line(text: ""))
            for part in paragraph.split(separator: "\n", omittingEmptySubsequences: false) {
                lines += Self.wrap(Self.clean(String(part)), width: inner).map { Line(text: $0) }
            }
        }
        if card.field != nil || card.error != nil || card.progress != nil { lines.append(Line(text: "")) }
        if let field = card.field {
            let value = field.value.isEmpty ? "(\(Self.clean(field.placeholder)))" : Self.clean(field.value)
            lines += Self.wrap("\(Self.clean(field.label)): \(value)", width: inner).map { Line(text: $0) }
        }
        if let error = card.error { lines += Self.wrap("! " + Self.clean(error), width: inner).map { Line(text: $0, emphasis: .error) } }
        if let progress = card.progress { lines += Self.wrap(Self.clean(progress), width: inner).map { Line(text: $0, emphasis: .dim) } }
        if !card.buttons.isEmpty { lines.append(Line(text: "")) }
        for item in card.buttons {
            lines += Self.wrap(button(item), width: inner).map { Line(text: $0, emphasis: item.isEnabled ? .none : .dim) }
        }
        return frame(lines, inner: inner)
    }

    /// A line outside the card, such as the SDK's last error: dim on a terminal.
    /// - Parameter text: The text.
    /// - Returns: The line, ending with a line break.
    public func note(_ text: String) -> String { paint("note: " + Self.clean(text), .dim) + "\n" }

    /// A refused command's message: red on a terminal.
    /// - Parameter text: The text.
    /// - Returns: The line, ending with a line break.
    public func problem(_ text: String) -> String { paint("error: " + Self.clean(text), .error) + "\n" }

    // MARK: Drawing

    private func button(_ button: ScreenCard.Button) -> String {
        "( \(Self.clean(button.title)) )" + (button.isEnabled ? "" : " (disabled)")
    }

    private func frame(_ lines: [Line], inner: Int) -> String {
        let (top, bottom, side) = switch style {
        case .plain: ("+" + String(repeating: "-", count: inner + 2) + "+", "+" + String(repeating: "-", count: inner + 2) + "+", "|")
        case .terminal: ("╭" + String(repeating: "─", count: inner + 2) + "╮", "╰" + String(repeating: "─", count: inner + 2) + "╯", "│")
        }
        var out = top + "\n"
        for line in lines {
            let padding = String(repeating: " ", count: max(0, inner - line.text.count))
            out += "\(side) \(paint(line.text, line.emphasis))\(padding) \(side)\n"
        }
        return out + bottom + "\n"
    }

    private func paint(_ text: String, _ emphasis: Emphasis) -> String {
        guard case .terminal(color: true) = style, !text.isEmpty else { return text }
        let code = switch emphasis {
        case .none: ""
        case .bold: "\u{1B}[1m"
        case .dim: "\u{1B}[2m"
        case .error: "\u{1B}[31m"
        }
        return code.isEmpty ? text : code + text + "\u{1B}[0m"
    }

    // MARK: Text

    /// The text with control characters replaced: the words come from a server and a policy, and
    /// an escape sequence in them must not reach the terminal (to move the cursor, retitle the
    /// window or hide a line). Invisible format characters are dropped too: a right-to-left
    /// override would flip the rest of the line, frame included, and zero-width ones let two
    /// buttons look alike. The joiners some scripts and emoji need (U+200C, U+200D) stay.
    /// Line breaks are the caller's to split first.
    static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: scalars.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: scalars.append("\u{FFFD}")
            case 0x200C, 0x200D: scalars.append(scalar)
            default:
                if scalar.properties.generalCategory == .format { continue }
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Words filled into lines of at most `width` characters; a word longer than a line is cut.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = word
            if !current.isEmpty, current.count + 1 + word.count <= width {
                current += " " + word
                continue
            }
            if !current.isEmpty { lines.append(current) }
            while word.count > width {
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            current = String(word)
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
