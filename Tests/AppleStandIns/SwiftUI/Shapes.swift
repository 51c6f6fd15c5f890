// Stand-in for SwiftUI's shapes, colors and shape styles, for type-checking on Linux only; bodies never run.

public protocol ShapeStyle: Sendable {}

public protocol Shape: Sendable, View {}

public protocol InsettableShape: Shape {}

extension Shape {
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> some View { fatalError() }
}

public struct FillStyle: Equatable {
    public init(eoFill: Bool = false, antialiased: Bool = true) { fatalError() }
}

public enum RoundedCornerStyle: Equatable, Hashable, Sendable {
    case circular, continuous
}

public struct Rectangle: InsettableShape {
    public init() { fatalError() }
    public var body: Never { fatalError() }
}

public struct RoundedRectangle: InsettableShape {
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) { fatalError() }
    public var body: Never { fatalError() }
}

// Like SwiftUI, Color conforms to View in an extension, so its initializers aren't main-actor isolated.
public struct Color: Hashable, Sendable, ShapeStyle {
    public enum RGBColorSpace: Equatable, Hashable, Sendable {
        case sRGB, sRGBLinear, displayP3
    }

    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
                opacity: Double = 1) { fatalError() }
    public func opacity(_ opacity: Double) -> Color { fatalError() }
}

extension Color: View {
    public var body: Never { fatalError() }
}

extension ShapeStyle where Self == Color {
    public static var clear: Color { fatalError() }
    public static var black: Color { fatalError() }
    public static var white: Color { fatalError() }
    public static var red: Color { fatalError() }
    public static var blue: Color { fatalError() }
}

public struct AnyShapeStyle: ShapeStyle {
    public init<S: ShapeStyle>(_ style: S) { fatalError() }
}

public struct HierarchicalShapeStyle: ShapeStyle {
    public static let primary = HierarchicalShapeStyle()
    public static let secondary = HierarchicalShapeStyle()
    public static let quaternary = HierarchicalShapeStyle()
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { fatalError() }
    public static var secondary: HierarchicalShapeStyle { fatalError() }
    public static var quaternary: HierarchicalShapeStyle { fatalError() }
}

public struct TintShapeStyle: ShapeStyle {
    public init() { fatalError() }
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { fatalError() }
}

public struct BackgroundStyle: ShapeStyle {
    public init() { fatalError() }
}

extension ShapeStyle where Self == BackgroundStyle {
    public static var background: BackgroundStyle { fatalError() }
}

public struct Material: ShapeStyle {}

extension ShapeStyle where Self == Material {
    public static var regularMaterial: Material { fatalError() }
}
