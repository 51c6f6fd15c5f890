// Stand-in for SwiftUI's UIKit view bridge, for Linux only (see View.swift).
#if canImport(UIKit)

@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor @preconcurrency
public protocol UIViewRepresentable: View where Self.Body == Never {
    associatedtype UIViewType: UIView
    typealias Context = UIViewRepresentableContext<Self>
    @MainActor @preconcurrency func makeUIView(context: Self.Context) -> Self.UIViewType
    @MainActor @preconcurrency func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
}

@available(macOS, unavailable)
@available(watchOS, unavailable)
extension UIViewRepresentable where Self.Body == Never {
    public var body: Never { fatalError("stand-in views are never rendered") }
}

@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor @preconcurrency
public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {
    /// The environment the representable is in.
    public var environment: EnvironmentValues { EnvironmentValues() }
}
#endif
