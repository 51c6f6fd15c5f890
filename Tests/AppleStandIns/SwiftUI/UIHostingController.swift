// Stand-in for SwiftUI's UIKit bridge, for type-checking on Linux only; bodies never run.

@MainActor @preconcurrency
open class UIHostingController<Content: View>: UIViewController {
    public init(rootView: Content) { fatalError() }
    public required init?(coder aDecoder: NSCoder) { fatalError() }
    public var rootView: Content { get { fatalError() } set { fatalError() } }
    public var sizingOptions: UIHostingControllerSizingOptions { get { fatalError() } set { fatalError() } }
}

public struct UIHostingControllerSizingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let intrinsicContentSize = UIHostingControllerSizingOptions(rawValue: 1 << 1)
}
