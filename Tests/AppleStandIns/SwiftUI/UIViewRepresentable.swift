// Stand-in for SwiftUI's UIKit view bridge, for type-checking on Linux only; bodies never run.

@MainActor @preconcurrency
public protocol UIViewRepresentable: View where Self.Body == Never {
    associatedtype UIViewType: UIView
    typealias Context = UIViewRepresentableContext<Self>
    @MainActor @preconcurrency func makeUIView(context: Self.Context) -> Self.UIViewType
    @MainActor @preconcurrency func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
}

extension UIViewRepresentable where Self.Body == Never {
    public var body: Never { fatalError() }
}

@MainActor @preconcurrency
public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {}
