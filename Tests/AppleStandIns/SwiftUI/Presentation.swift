// Stand-in for SwiftUI's sheets, transitions and animations, for type-checking on Linux only; bodies never run.

public struct PresentationDetent: Hashable, Sendable {
    public static let medium = PresentationDetent()
    public static let large = PresentationDetent()
}

public struct AnyTransition {
    public static let opacity = AnyTransition()
    public static func move(edge: Edge) -> AnyTransition { fatalError() }
    public func combined(with other: AnyTransition) -> AnyTransition { fatalError() }
}

public struct Animation: Equatable, Sendable {
    public static let `default` = Animation()
}

extension View {
    public func sheet<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                         @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        fatalError()
    }
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View { fatalError() }
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { fatalError() }
    public func transition(_ t: AnyTransition) -> some View { fatalError() }
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { fatalError() }
}
