// Stand-in for SwiftUI's shapes, colors and shape styles, for Linux only (see View.swift).

public protocol ShapeStyle: Sendable {}

public protocol Shape: Sendable, View {}

public protocol InsettableShape: Shape {}

extension Shape {
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> some View { standInModified() }
}

extension InsettableShape {
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View {
        standInModified()
    }
}

public struct FillStyle: Equatable {
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

public enum RoundedCornerStyle: Equatable, Hashable, Sendable {
    case circular, continuous
}

public struct Rectangle: InsettableShape {
    public init() {}
    public var body: Never { fatalError("stand-in views are never rendered") }
}

public struct RoundedRectangle: InsettableShape {
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
    public var body: Never { fatalError("stand-in views are never rendered") }
}

// Like SwiftUI, Color conforms to View in an extension, so its initializers aren't main-actor isolated.
public struct Color: Hashable, Sendable, ShapeStyle {
    public enum RGBColorSpace: Equatable, Hashable, Sendable {
        case sRGB, sRGBLinear, displayP3
    }

    /// The components it was made from, for a test to compare (`nil` for a named system color).
    public let standInComponents: [Double]?

    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        standInComponents = [red, green, blue, opacity]
    }
    init(standInNamed name: String) { standInComponents = nil }
    public func opacity(_ opacity: Double) -> Color { self }
}

extension Color: View {
    public var body: Never { fatalError("stand-in views are never rendered") }
}

extension ShapeStyle where Self == Color {
    public static var clear: Color { Color(standInNamed: "clear") }
    public static var black: Color { Color(standInNamed: "black") }
    public static var white: Color { Color(standInNamed: "white") }
    public static var red: Color { Color(standInNamed: "red") }
    public static var blue: Color { Color(standInNamed: "blue") }
}

public struct AnyShapeStyle: ShapeStyle {
    public init<S: ShapeStyle>(_ style: S) {}
}

public struct HierarchicalShapeStyle: ShapeStyle {
    public static let primary = HierarchicalShapeStyle()
    public static let secondary = HierarchicalShapeStyle()
    public static let quaternary = HierarchicalShapeStyle()
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
    public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
}

public struct TintShapeStyle: ShapeStyle {
    public init() {}
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

public struct BackgroundStyle: ShapeStyle {
    public init() {}
}

extension ShapeStyle where Self == BackgroundStyle {
    public static var background: BackgroundStyle { BackgroundStyle() }
}
