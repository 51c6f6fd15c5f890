// Stand-in for SwiftUI's view modifiers, for Linux only (see View.swift). Each returns the view
// wrapped, as ``StandInModified``: nothing is laid out or drawn.
import Observation

extension View {
    public func font(_ font: Font?) -> some View { standInModified() }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { standInModified() }
    public func tint<S: ShapeStyle>(_ tint: S?) -> some View { standInModified() }
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { standInModified() }

    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { standInModified() }
    public func padding(_ length: CGFloat) -> some View { standInModified() }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        standInModified()
    }
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> some View { standInModified() }
    public func safeAreaInset<V: View>(edge: VerticalEdge, alignment: HorizontalAlignment = .center,
                                       spacing: CGFloat? = nil, @ViewBuilder content: () -> V) -> some View {
        standInModified()
    }
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View { standInModified() }

    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        standInModified()
    }
    public func background<S: ShapeStyle, T: InsettableShape>(_ style: S, in shape: T,
                                                               fillStyle: FillStyle = FillStyle()) -> some View {
        standInModified()
    }
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        standInModified()
    }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        standInModified()
    }
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { ModifiedContent(content: self, modifier: modifier) }
    public func opacity(_ opacity: Double) -> some View { standInModified() }
    public func id<ID: Hashable>(_ id: ID) -> some View { standInModified() }
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { standInModified() }
    public func allowsHitTesting(_ enabled: Bool) -> some View { standInModified() }
    public func disabled(_ disabled: Bool) -> some View { standInModified() }

    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View { standInModified() }
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { standInModified() }
    public func buttonBorderShape(_ shape: ButtonBorderShape) -> some View { standInModified() }
    // Unavailable on tvOS in the SDK, whatever the documentation's list says: a tvOS build fails on it.
    @available(tvOS, unavailable)
    public func controlSize(_ controlSize: ControlSize) -> some View { standInModified() }

    #if canImport(UIKit)
    @available(macOS, unavailable)
    @available(watchOS, unavailable)
    public func keyboardType(_ type: UIKeyboardType) -> some View { standInModified() }
    @available(macOS, unavailable)
    @available(watchOS, unavailable)
    public func textContentType(_ textContentType: UITextContentType?) -> some View { standInModified() }
    #endif
    @available(macOS, unavailable)
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View {
        standInModified()
    }
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View { standInModified() }
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View { standInModified() }
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        standInModified()
    }

    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View { standInModified() }
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        standInModified()
    }
    public func transformEnvironment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>,
                                        transform: @escaping (inout V) -> Void) -> some View {
        standInModified()
    }

    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        StandInModified(content: self, modifier: #function, appearAction: action)
    }
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { standInModified() }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View {
        standInModified()
    }
    // iOS 17's signature (the iOS 17 SDK's interface); the later `task(name:priority:file:line:_:)`
    // accepts more, so code that type-checks against this builds with either SDK.
    public func task(priority: TaskPriority = .userInitiated,
                     @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View {
        standInModified()
    }
}
