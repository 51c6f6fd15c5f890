// Stand-in for SwiftUI's text and images, for Linux only (see View.swift).

public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
    let key: String
    public init(_ value: String) { key = value }
    public init(stringLiteral value: String) { key = value }
}

// Like SwiftUI, Text conforms to View in an extension, so its initializers aren't main-actor isolated.
public struct Text: Equatable, Sendable {
    /// What the text says (a stand-in's, for tests).
    public let standInContent: String
    public init(_ key: LocalizedStringKey) { standInContent = key.key }
    @_disfavoredOverload public init<S: StringProtocol>(_ content: S) { standInContent = String(content) }

    /// The text in a style (iOS 17), which stays a `Text`, so it can be a field's prompt.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { self }
}

extension Text: View {
    public var body: Never { fatalError("stand-in views are never rendered") }
}

public struct Image: View {
    public init(systemName: String) {}
    public var body: Never { fatalError("stand-in views are never rendered") }
}

public struct Font: Hashable, Sendable {
    public enum TextStyle: CaseIterable, Hashable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }

    public struct Weight: Hashable, Sendable {
        public static let semibold = Weight()
    }

    public static let largeTitle = Font()
    public static let title = Font()
    public static let title2 = Font()
    public static let headline = Font()
    public static let subheadline = Font()
    public static let body = Font()
    public static let callout = Font()

    public static func system(size: CGFloat, weight: Font.Weight? = nil) -> Font { Font() }
    public func bold() -> Font { self }
    public func weight(_ weight: Font.Weight) -> Font { self }
    public func monospacedDigit() -> Font { self }
}

public enum TextAlignment: Hashable, CaseIterable, Sendable {
    case leading, center, trailing
}
