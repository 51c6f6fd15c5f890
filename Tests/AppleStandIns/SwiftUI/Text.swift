// Stand-in for SwiftUI's text and images, for type-checking on Linux only; bodies never run.

public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
    public init(_ value: String) { fatalError() }
    public init(stringLiteral value: String) { fatalError() }
}

// Like SwiftUI, Text conforms to View in an extension, so its initializers aren't main-actor isolated.
public struct Text: Equatable, Sendable {
    public init(_ key: LocalizedStringKey) { fatalError() }
    @_disfavoredOverload public init<S: StringProtocol>(_ content: S) { fatalError() }
}

extension Text: View {
    public var body: Never { fatalError() }
}

public struct Image: View {
    public init(systemName: String) { fatalError() }
    public var body: Never { fatalError() }
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

    public static func system(size: CGFloat, weight: Font.Weight? = nil) -> Font { fatalError() }
    public func bold() -> Font { fatalError() }
    public func weight(_ weight: Font.Weight) -> Font { fatalError() }
    public func monospacedDigit() -> Font { fatalError() }
}

public enum TextAlignment: Hashable, CaseIterable, Sendable {
    case leading, center, trailing
}
