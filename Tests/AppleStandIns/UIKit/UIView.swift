// Stand-in for UIKit's views, for type-checking on Linux only; bodies never run.
import Foundation

@MainActor
open class UIView: UIResponder {
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }

    public init(frame: CGRect) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    public convenience override init() { fatalError() }

    open var frame: CGRect { get { fatalError() } set { fatalError() } }
    open var bounds: CGRect { get { fatalError() } set { fatalError() } }
    open var isHidden: Bool { get { fatalError() } set { fatalError() } }
    open var backgroundColor: UIColor? { get { fatalError() } set { fatalError() } }
    open var autoresizingMask: UIView.AutoresizingMask { get { fatalError() } set { fatalError() } }
    open var translatesAutoresizingMaskIntoConstraints: Bool { get { fatalError() } set { fatalError() } }
    open var semanticContentAttribute: UISemanticContentAttribute { get { fatalError() } set { fatalError() } }
    open var safeAreaLayoutGuide: UILayoutGuide { fatalError() }
    open var window: UIWindow? { fatalError() }
    open var topAnchor: NSLayoutYAxisAnchor { fatalError() }
    open var leadingAnchor: NSLayoutXAxisAnchor { fatalError() }
    open var trailingAnchor: NSLayoutXAxisAnchor { fatalError() }
    open var centerXAnchor: NSLayoutXAxisAnchor { fatalError() }
    open var centerYAnchor: NSLayoutYAxisAnchor { fatalError() }

    open func addSubview(_ view: UIView) { fatalError() }
    open func insertSubview(_ view: UIView, at index: Int) { fatalError() }
    open func removeFromSuperview() { fatalError() }
    open func didMoveToWindow() { fatalError() }
    @discardableResult open func endEditing(_ force: Bool) -> Bool { fatalError() }
}

public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified = 0
    case playback = 1
    case spatial = 2
    case forceLeftToRight = 3
    case forceRightToLeft = 4
}

@MainActor
open class UILabel: UIView {
    open var text: String? { get { fatalError() } set { fatalError() } }
    open var font: UIFont! { get { fatalError() } set { fatalError() } }
    open var adjustsFontForContentSizeCategory: Bool { get { fatalError() } set { fatalError() } }
}

open class UIColor: NSObject, @unchecked Sendable {
    open class var clear: UIColor { fatalError() }
    open class var systemBackground: UIColor { fatalError() }
}

open class UIFont: NSObject, @unchecked Sendable {
    public struct TextStyle: Hashable, RawRepresentable, Sendable {
        public init(rawValue: String) { fatalError() }
        public var rawValue: String { fatalError() }
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
    }
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont { fatalError() }
}

// UIAccessibility's informal protocol on NSObject.
extension NSObject {
    @MainActor public var accessibilityElementsHidden: Bool { get { fatalError() } set { fatalError() } }
}
