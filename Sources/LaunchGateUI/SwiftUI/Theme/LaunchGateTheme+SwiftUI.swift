#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

// The theme's hex colors as SwiftUI styles. A `nil` (or unreadable) color falls back to the
// system's style, so the default theme follows dark mode, the accent color and Increase Contrast.
extension LaunchGateTheme {
    /// The screens' background.
    var backgroundStyle: AnyShapeStyle { style(background, or: .background) }
    /// Titles.
    var titleStyle: AnyShapeStyle { style(text, or: .primary) }
    /// Messages under a title.
    var messageStyle: AnyShapeStyle { style(text, or: .secondary) }
    /// The main button's fill, and the gate screens' icon.
    var buttonFill: AnyShapeStyle { style(buttonBackground, or: .tint) }
    /// The main button's label.
    var buttonLabel: AnyShapeStyle { style(buttonText, or: .white) }
    /// Secondary buttons' labels.
    var linkStyle: AnyShapeStyle { style(linkText, or: .tint) }
    /// An error's text.
    var errorStyle: AnyShapeStyle { style(errorText, or: .red) }
    /// The card behind an error.
    var errorCardStyle: AnyShapeStyle { style(errorBackground, or: .clear) }
    /// A text field's fill.
    var fieldStyle: AnyShapeStyle { style(fieldBackground, or: .quaternary) }
    /// What dims the screen under a progress overlay.
    var dimStyle: AnyShapeStyle { style(overlayDim, or: .black.opacity(0.3)) }

    private func style(_ color: ThemeColor?, or fallback: some ShapeStyle) -> AnyShapeStyle {
        guard let components = color?.components else { return AnyShapeStyle(fallback) }
        return AnyShapeStyle(Color(.sRGB, red: components.red, green: components.green, blue: components.blue,
                                   opacity: components.opacity))
    }
}
#endif
