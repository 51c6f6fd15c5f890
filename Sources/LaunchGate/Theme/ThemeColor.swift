/// A color written as hex (`#40E0D0`, or `#FFFFFFCC` with opacity), so a theme is plain data that
/// the SwiftUI and UIKit screens, a JSON file or a web console read the same way.
public struct ThemeColor: Sendable, Hashable, Codable, ExpressibleByStringLiteral {
    /// The red, green, blue and opacity of a color, each from 0 to 1.
    public struct Components: Sendable, Hashable {
        /// Red, 0 to 1.
        public var red: Double
        /// Green, 0 to 1.
        public var green: Double
        /// Blue, 0 to 1.
        public var blue: Double
        /// Opacity, 0 (invisible) to 1 (opaque).
        public var opacity: Double
    }

    /// The color as `#RRGGBB`, or `#RRGGBBAA` when it is see-through.
    public var hex: String

    /// Creates a color.
    /// - Parameter hex: `#RRGGBB` or `#RRGGBBAA`; the `#` may be left out.
    public init(hex: String) {
        self.hex = hex
    }

    /// Creates a color from a literal such as `"#40E0D0"`.
    /// - Parameter value: `#RRGGBB` or `#RRGGBBAA`.
    public init(stringLiteral value: String) {
        self.init(hex: value)
    }

    /// The color's components, or `nil` when ``hex`` is not `#RRGGBB` or `#RRGGBBAA`; the screens
    /// then fall back to the system color, so a typo in a theme never hides a button.
    public var components: Components? {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
              let value = UInt32(digits, radix: 16) else { return nil }
        // Six digits are opaque: shift them up and add a full alpha byte, so both forms read alike.
        let rgba = digits.count == 6 ? value << 8 | 0xFF : value
        func channel(_ shift: UInt32) -> Double { Double(rgba >> shift & 0xFF) / 255 }
        return Components(red: channel(24), green: channel(16), blue: channel(8), opacity: channel(0))
    }
}
