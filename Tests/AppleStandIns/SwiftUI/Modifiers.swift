// Stand-in for SwiftUI's view modifiers, for type-checking on Linux only; bodies never run.
import Observation

extension View {
    public func font(_ font: Font?) -> some View { fatalError() }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { fatalError() }
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { fatalError() }

    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { fatalError() }
    public func padding(_ length: CGFloat) -> some View { fatalError() }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        fatalError()
    }
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> some View { fatalError() }
    public func safeAreaInset<V: View>(edge: VerticalEdge, alignment: HorizontalAlignment = .center,
                                       spacing: CGFloat? = nil, @ViewBuilder content: () -> V) -> some View {
        fatalError()
    }
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View { fatalError() }

    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        fatalError()
    }
    public func background<S: ShapeStyle, T: InsettableShape>(_ style: S, in shape: T,
                                                               fillStyle: FillStyle = FillStyle()) -> some View {
        fatalError()
    }
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        fatalError()
    }
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }
    public func opacity(_ opacity: Double) -> some View { fatalError() }
    public func id<ID: Hashable>(_ id: ID) -> some View { fatalError() }
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { fatalError() }
    public func allowsHitTesting(_ enabled: Bool) -> some View { fatalError() }
    public func disabled(_ disabled: Bool) -> some View { fatalError() }

    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View { fatalError() }
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { fatalError() }
    public func controlSize(_ controlSize: ControlSize) -> some View { fatalError() }

    public func keyboardType(_ type: UIKeyboardType) -> some View { fatalError() }
    public func textContentType(_ textContentType: UITextContentType?) -> some View { fatalError() }
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View {
        fatalError()
    }
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View { fatalError() }
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View { fatalError() }
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        fatalError()
    }

    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View { fatalError() }
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        fatalError()
    }

    public func onAppear(perform action: (() -> Void)? = nil) -> some View { fatalError() }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View {
        fatalError()
    }
    // iOS 17's signature (the iOS 17 SDK's interface); the later `task(name:priority:file:line:_:)`
    // accepts more, so code that type-checks against this builds with either SDK.
    public func task(priority: TaskPriority = .userInitiated,
                     @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View {
        fatalError()
    }
}
