// Stand-in for SwiftUI's UIKit bridge, for Linux only (see View.swift): the controller keeps its
// root view, which is never rendered.
#if canImport(UIKit)

@available(watchOS, unavailable)
@MainActor @preconcurrency
open class UIHostingController<Content: View>: UIViewController, StandInAppearing {
    public init(rootView: Content) {
        self.rootView = rootView
        super.init(nibName: nil, bundle: nil)
    }
    public required init?(coder aDecoder: NSCoder) { nil }
    public var rootView: Content
    public var sizingOptions: UIHostingControllerSizingOptions = []
    /// The size SwiftUI's layout gives the root view in `size` (the test's ``standInSizeThatFits``).
    public func sizeThatFits(in size: CGSize) -> CGSize { standInSizeThatFits?(size) ?? .zero }
    /// Runs the root view's `onAppear` actions, as SwiftUI does when it first draws it (a test hook).
    public func standInAppear() { (rootView as? any StandInAppearing)?.standInAppear() }
}

@available(watchOS, unavailable)
public struct UIHostingControllerSizingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let intrinsicContentSize = UIHostingControllerSizingOptions(rawValue: 1 << 1)
}
#endif
