import Foundation

/// Checks every console template against the view it is rendered with, as swift-mustache will
/// look its names up, so that a misspelt or renamed name fails at start-up instead of rendering
/// as nothing: swift-mustache reads views through `Mirror` and renders a name it can't find, or a
/// partial it doesn't know, as an empty string, and the compiler can't see inside a template.
///
/// It walks each page template (and the layout and partials it includes, where it includes them)
/// with a stack of example values (``ConsoleViewExample``), pushing and popping sections as the
/// renderer does, and reports:
/// - a name whose first part is on no value of the stack, or whose later parts are not on the
///   value before them;
/// - an optional that a nil value would let climb: Mustache looks a nil name up again further out,
///   so `{{#error}}` inside a row whose `error` is nil would show an outer `error`. Such a name is
///   written `{{#.error}}`, which looks only at the innermost value;
/// - a partial or parent that is not a ``ConsoleTemplate``, and a partial no page includes;
/// - `{{{ }}}`, `{{& }}` (unescaped output) and delimiter changes, which the console never uses,
///   and transforms other than `empty()`.
///
/// The tags are found with a regular expression rather than swift-mustache's parser, whose tokens
/// are not public; swift-mustache has already parsed every template when this runs, so the tags
/// are well formed.
struct ConsoleTemplateCheck {
    /// A value on the stack: an example, or one the check can't know (below a section it
    /// couldn't resolve), where every name is taken as found so one mistake is reported once.
    private enum Frame {
        case value(Any)
        case unknown
    }

    /// A tag's kind (its first character), name and line.
    private struct Tag {
        let sigil: Character?
        let name: String
        let line: Int
        let text: String
    }

    /// Includes deeper than this are a partial that includes itself.
    private static let maximumDepth = 8

    /// Each template's text as read from its file.
    let sources: [ConsoleTemplate: String]
    /// The view each page template is rendered with (``ConsoleTemplate/view``).
    private let view: @Sendable (ConsoleTemplate) -> (any ConsoleView.Type)?

    /// - Parameters:
    ///   - sources: The templates to check, by template.
    ///   - view: The view a page is rendered with, `nil` for partials: ``ConsoleTemplate/view``
    ///     unless a test checks made-up views.
    init(sources: [ConsoleTemplate: String], view: @escaping @Sendable (ConsoleTemplate) -> (any ConsoleView.Type)? = { $0.view }) {
        (self.sources, self.view) = (sources, view)
    }

    /// Every problem, one sentence each naming the template, the line and the tag; empty when
    /// every template matches its view.
    package func problems() -> [String] {
        var problems: [String] = []
        var included: Set<ConsoleTemplate> = []
        for template in ConsoleTemplate.allCases where sources[template] != nil {
            guard let view = view(template) else { continue }
            do {
                let root = try Self.example(of: view)
                walk(template, from: [.value(root)], depth: 0, included: &included, problems: &problems)
            } catch {
                problems.append("\(template.rawValue).mustache: no example of its view: \(error)")
            }
        }
        for template in ConsoleTemplate.allCases where sources[template] != nil && view(template) == nil && !included.contains(template) {
            problems.append("\(template.rawValue).mustache is included by no page, so nothing checks its names")
        }
        return problems
    }

    private static func example<View: ConsoleView>(of view: View.Type) throws -> Any {
        try ConsoleViewExample.make(ConsolePage<View>.self)
    }

    private func walk(_ template: ConsoleTemplate, from start: [Frame], depth: Int, included: inout Set<ConsoleTemplate>,
                      problems: inout [String]) {
        guard depth <= Self.maximumDepth else {
            problems.append("\(template.rawValue).mustache includes itself, or is included more than \(Self.maximumDepth) deep")
            return
        }
        guard let source = sources[template] else { return }
        var frames = start
        // Per open section: whether it pushed a value.
        var opened: [Bool] = []
        for tag in Self.tags(in: source) {
            let place = "\(template.rawValue).mustache line \(tag.line), {{\(tag.text)}}"
            switch tag.sigil {
            case "!", "%":
                continue
            case "{", "&", "=":
                problems.append("\(place): only {{name}} may be used, which escapes HTML; the console never changes delimiters")
            case ">", "<":
                guard let other = ConsoleTemplate(rawValue: tag.name) else {
                    problems.append("\(place): there is no template \(tag.name).mustache")
                    if tag.sigil == "<" { opened.append(false) }
                    continue
                }
                included.insert(other)
                walk(other, from: frames, depth: depth + 1, included: &included, problems: &problems)
                if tag.sigil == "<" { opened.append(false) }
            case "$":
                opened.append(false)
            case "/":
                if opened.popLast() == true { frames.removeLast() }
            case "#":
                let child = resolve(tag.name, in: frames, at: place, problems: &problems)
                if let pushed = Self.pushed(child) {
                    frames.append(pushed)
                    opened.append(true)
                } else {
                    opened.append(false)
                }
            case "^":
                _ = resolve(tag.name, in: frames, at: place, problems: &problems)
                opened.append(false)
            default:
                _ = resolve(tag.name, in: frames, at: place, problems: &problems)
            }
        }
    }

    /// What a section over a resolved name pushes, as swift-mustache's `renderSection` does: a
    /// list's element, any other value itself; a Bool (and a transform's Bool) nothing.
    private static func pushed(_ child: Resolved) -> Frame? {
        switch child {
        case .unknown: return .unknown
        case .transformed: return nil
        case .value(let value):
            if value is Bool { return nil }
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .collection { return mirror.children.first.map { .value($0.value) } ?? .unknown }
            return .value(value)
        }
    }

    private enum Resolved {
        case value(Any)
        case transformed
        case unknown
    }

    /// The example value a name reaches from the stack, after reporting what is wrong with it.
    private func resolve(_ text: String, in frames: [Frame], at place: String, problems: inout [String]) -> Resolved {
        var name = text
        var transforms: [String] = []
        while let open = name.firstIndex(of: "("), name.hasSuffix(")") {
            transforms.append(String(name[..<open]))
            name = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
        }
        if let unknown = transforms.first(where: { $0 != "empty" }) {
            problems.append("\(place): the console uses no transform but empty(), not \(unknown)()")
        }
        guard case .value(let innermost)? = frames.last else { return .unknown }
        if name == "." { return transforms.isEmpty ? .value(innermost) : .transformed }
        let parts = name.split(separator: ".").map(String.init)
        guard let first = parts.first else {
            problems.append("\(place): an empty name")
            return .unknown
        }
        var value: Any
        if name.hasPrefix(".") {
            guard let found = Self.property(first, of: innermost) else {
                problems.append("\(place): \(Self.typeName(innermost)) has no \(first)")
                return .unknown
            }
            value = found.value
        } else {
            guard let index = frames.lastIndex(where: { frame in
                if case .value(let value) = frame { return Self.property(first, of: value) != nil }
                return true
            }), case .value(let holder) = frames[index], let found = Self.property(first, of: holder) else {
                if !frames.contains(where: { if case .unknown = $0 { true } else { false } }) {
                    let names = frames.reversed().compactMap { if case .value(let value) = $0 { Self.typeName(value) } else { nil } }
                    problems.append("\(place): none of \(names.joined(separator: ", ")) has \(first)")
                }
                return .unknown
            }
            if found.isOptional, let outer = frames[..<index].reversed().first(where: { frame in
                if case .value(let value) = frame { return Self.property(first, of: value) != nil }
                return false
            }), case .value(let shadowed) = outer {
                problems.append("\(place): \(first) is optional on \(Self.typeName(holder)), so when it is nil Mustache shows "
                    + "\(Self.typeName(shadowed))'s \(first) instead; write .\(first) to look only at \(Self.typeName(holder))")
            }
            value = found.value
        }
        for part in parts.dropFirst() {
            guard let found = Self.property(part, of: value) else {
                problems.append("\(place): \(Self.typeName(value)) has no \(part)")
                return .unknown
            }
            value = found.value
        }
        return transforms.isEmpty ? .value(value) : .transformed
    }

    /// A stored property by name, as `Mirror` (and so swift-mustache) sees it, its optional unwrapped.
    private static func property(_ name: String, of value: Any) -> (value: Any, isOptional: Bool)? {
        guard let child = Mirror(reflecting: value).children.first(where: { $0.label == name }) else { return nil }
        let mirror = Mirror(reflecting: child.value)
        guard mirror.displayStyle == .optional else { return (child.value, false) }
        // Examples fill every optional; an empty one has nothing to look inside.
        return (mirror.children.first?.value ?? child.value, true)
    }

    private static func typeName(_ value: Any) -> String {
        String(describing: type(of: value))
    }

    /// Every `{{…}}` in a template, comments included, with its line.
    private static func tags(in source: String) -> [Tag] {
        guard let pattern = try? Regex(#"\{\{(.*?)\}\}"#).dotMatchesNewlines() else { return [] }
        var tags: [Tag] = []
        var line = 1
        var counted = source.startIndex
        for match in source.matches(of: pattern) {
            line += source[counted..<match.range.lowerBound].count(where: { $0 == "\n" })
            counted = match.range.lowerBound
            let text = String(source[match.range].dropFirst(2).dropLast(2))
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let sigil = trimmed.first.flatMap { "!%#^/><${&=".contains($0) ? $0 : nil }
            let name = (sigil == nil ? trimmed : String(trimmed.dropFirst())).trimmingCharacters(in: .whitespaces)
            tags.append(Tag(sigil: sigil, name: name, line: line, text: text))
        }
        return tags
    }
}
