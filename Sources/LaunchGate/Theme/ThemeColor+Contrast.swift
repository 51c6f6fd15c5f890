import Foundation

// WCAG 2.2's contrast: relative luminance from sRGB (success criterion 1.4.3 and its definitions).
extension ThemeColor.Components {
    /// The color's relative luminance, 0 (black) to 1 (white), as WCAG defines it; opacity is
    /// ignored (composite a see-through color over its background first).
    public var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The contrast ratio between two opaque colors, from 1 (the same) to 21 (black on white).
    /// WCAG AA asks 4.5 of body text and 3 of large text.
    /// - Parameter other: The other color.
    /// - Returns: The ratio.
    public func contrastRatio(with other: Self) -> Double {
        let (lighter, darker) = relativeLuminance >= other.relativeLuminance
            ? (relativeLuminance, other.relativeLuminance) : (other.relativeLuminance, relativeLuminance)
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// This color drawn over `background`: what a person sees where a see-through color lies on it.
    /// - Parameter background: What is under it; its own opacity is taken as full.
    /// - Returns: An opaque color.
    public func composited(over background: Self) -> Self {
        func mix(_ top: Double, _ bottom: Double) -> Double { top * opacity + bottom * (1 - opacity) }
        return Self(red: mix(red, background.red), green: mix(green, background.green),
                    blue: mix(blue, background.blue), opacity: 1)
    }
}
