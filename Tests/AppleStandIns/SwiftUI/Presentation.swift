// Stand-in for SwiftUI's sheets, transitions and animations, for Linux only (see View.swift).

public struct PresentationDetent: Hashable, Sendable {
    let standInName: String
    public static let medium = PresentationDetent(standInName: "medium")
    public static let large = PresentationDetent(standInName: "large")
}

/// How a sheet sizes itself (iOS 18): newer than the package's minimum, so a call outside
/// `if #available` fails `scripts/typecheck-apple`; kept for that check's self-test.
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public struct PresentationSizing: Sendable {
    public static var form: PresentationSizing { PresentationSizing() }
}

public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic, visible, hidden
}

public struct AnyTransition {
    public static var opacity: AnyTransition { AnyTransition() }
    public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
    public func combined(with other: AnyTransition) -> AnyTransition { self }
}

public struct Animation: Equatable, Sendable {
    public static let `default` = Animation()
}

extension View {
    public func sheet<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                         @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        standInModified()
    }
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View { standInModified() }
    public func presentationDragIndicator(_ visibility: Visibility) -> some View { standInModified() }
    @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public func presentationSizing(_ sizing: PresentationSizing) -> some View { standInModified() }
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { standInModified() }
    public func transition(_ t: AnyTransition) -> some View { standInModified() }
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { standInModified() }
}
