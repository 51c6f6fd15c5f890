// Stand-in for SwiftUI, for type-checking LaunchGateUI and Examples/ on Linux only.
// Declarations follow developer.apple.com/documentation/swiftui (iOS 17 and later); bodies never
// run. Only what the adapters and examples call is here: add a declaration when they need one.
@_exported import UIKit
import Observation

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { fatalError() }
    public static func buildBlock() -> EmptyView { fatalError() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { fatalError() }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        fatalError()
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { fatalError() }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
}

public struct TupleView<T>: View {
    public init(_ value: T) { fatalError() }
    public var body: Never { fatalError() }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public var body: Never { fatalError() }
}

public struct EmptyView: View {
    public init() { fatalError() }
    public var body: Never { fatalError() }
}

public struct AnyView: View {
    public init<V: View>(_ view: V) { fatalError() }
    public var body: Never { fatalError() }
}

@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Self.Content) -> Self.Body
}

public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError() }
}

public struct ModifiedContent<Content, Modifier> {
    public init(content: Content, modifier: Modifier) { fatalError() }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError() }
}
