// Stand-in for SwiftUI, for Linux only: `scripts/typecheck-apple` type-checks the adapters and
// examples against it, and `swift test` runs the adapters on it (Tests/AppleStandIns/README.md).
// Declarations follow developer.apple.com/documentation/swiftui (iOS 17 and later), availability
// included. Views and modifiers can be made, so UIKit code that hosts a view runs, but nothing
// is ever rendered: every `body` is `fatalError()`. Only what the adapters and examples call is
// here: add a declaration when they need one.
#if canImport(UIKit)
@_exported import UIKit
#else
@_exported import AppKit
#endif
import Observation

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public var body: Never { fatalError("stand-in views are never rendered") }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("stand-in views are never rendered") }
}

/// What every modifier of these stand-ins returns: a view of the modified view's type, which
/// keeps the modifier's name, the view it modifies and, for `onAppear`, its action.
public struct StandInModified<Content: View>: View {
    nonisolated public let modifier: String
    nonisolated(unsafe) let content: Content
    nonisolated(unsafe) let appearAction: (() -> Void)?
    nonisolated init(content: Content, modifier: String, appearAction: (() -> Void)? = nil) {
        self.modifier = modifier
        self.content = content
        self.appearAction = appearAction
    }
    public var body: Never { fatalError("stand-in views are never rendered") }
}

extension View {
    /// The view with a modifier applied, as the stand-ins' modifiers make it.
    nonisolated public func standInModified(_ modifier: String = #function) -> StandInModified<Self> {
        StandInModified(content: self, modifier: modifier)
    }
}

/// A view whose modifiers a test can make appear, since nothing is rendered (a test hook).
@MainActor
public protocol StandInAppearing {
    /// Runs the `onAppear` actions of this view's modifiers, outermost first, as far down as the
    /// view's modifiers go (a custom view's `body` is never evaluated).
    func standInAppear()
}

extension StandInModified: StandInAppearing {
    public func standInAppear() {
        appearAction?()
        (content as? any StandInAppearing)?.standInAppear()
    }
}

extension ModifiedContent: StandInAppearing {
    public func standInAppear() {
        (content as? any StandInAppearing)?.standInAppear()
    }
}

@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent(first: first) }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent(second: second) }
}

public struct TupleView<T>: View {
    nonisolated public init(_ value: T) {}
    public var body: Never { fatalError("stand-in views are never rendered") }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    nonisolated init(first: TrueContent) {}
    nonisolated init(second: FalseContent) {}
    public var body: Never { fatalError("stand-in views are never rendered") }
}

public struct EmptyView: View {
    nonisolated public init() {}
    public var body: Never { fatalError("stand-in views are never rendered") }
}

public struct AnyView: View {
    public let standInType: Any.Type
    public init<V: View>(_ view: V) { standInType = V.self }
    public var body: Never { fatalError("stand-in views are never rendered") }
}

@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Self.Content) -> Self.Body
}

public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError("stand-in views are never rendered") }
}

public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError("stand-in views are never rendered") }
}
