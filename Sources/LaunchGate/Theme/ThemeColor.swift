/// A color written as hex (`#40E0D0`, or `#FFFFFFCC` with opacity), so a theme is plain data that
/// the SwiftUI and UIKit screens, a JSON file or a web console read the same way. A color may
/// name a second hex for Dark Mode; without one it is the same in both appearances.
///
/// ```swift
/// let brand: ThemeColor = "#0B6E4F"                               // the same in light and dark
/// let link = ThemeColor(light: "#0B6E4F", dark: "#6FD6A8")        // lighter on a dark background
/// ```
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

        /// Creates a color from its components.
        /// - Parameters:
        ///   - red: Red, 0 to 1.
        ///   - green: Green, 0 to 1.
        ///   - blue: Blue, 0 to 1.
        ///   - opacity: Opacity, 0 to 1.
        public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
            self.red = red
            self.green = green
            self.blue = blue
            self.opacity = opacity
        }
    }

    /// The color as `#RRGGBB`, or `#RRGGBBAA` when it is see-through: in light mode, and in
    /// dark mode too unless ``dark`` is set.
    public var hex: String
    /// The color in Dark Mode, in the same notation; `nil` uses ``hex`` in both appearances.
    public var dark: String?

    /// Creates a color that is the same in light and dark mode.
    /// - Parameter hex: `#RRGGBB` or `#RRGGBBAA`; the `#` may be left out.
    public init(hex: String) {
        self.hex = hex
        self.dark = nil
    }

    /// Creates a color with a Dark Mode variant.
    /// - Parameters:
    ///   - light: The color in light mode, `#RRGGBB` or `#RRGGBBAA`.
    ///   - dark: The color in Dark Mode.
    public init(light: String, dark: String) {
        self.hex = light
        self.dark = dark
    }

    /// Creates a color from a literal such as `"#40E0D0"`, the same in light and dark mode.
    /// - Parameter value: `#RRGGBB` or `#RRGGBBAA`.
    public init(stringLiteral value: String) {
        self.init(hex: value)
    }

    /// The light-mode color's components, or `nil` when ``hex`` is not `#RRGGBB` or `#RRGGBBAA`;
    /// the screens then fall back to the system color, so a typo in a theme never hides a button.
    public var components: Components? { Self.components(of: hex) }

    /// The components in an appearance, or `nil` when that appearance's hex can't be read.
    /// - Parameter appearance: Light or dark.
    /// - Returns: The components.
    public func components(for appearance: ThemeAppearance) -> Components? {
        appearance.isDark ? Self.components(of: dark ?? hex) : components
    }

    private static func components(of hex: String) -> Components? {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
              let value = UInt32(digits, radix: 16) else { return nil }
        // Six digits are opaque: shift them up and add a full alpha byte, so both forms read alike.
        let rgba = digits.count == 6 ? value << 8 | 0xFF : value
        func channel(_ shift: UInt32) -> Double { Double(rgba >> shift & 0xFF) / 255 }
        return Components(red: channel(24), green: channel(16), blue: channel(8), opacity: channel(0))
    }
}
