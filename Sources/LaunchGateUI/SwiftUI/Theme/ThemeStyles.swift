#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// A theme's colors as SwiftUI styles, in light or Dark Mode: the values of
/// ``LaunchGateTheme/palette(for:)``, which the contrast tests check, so what is drawn is what is
/// tested. Where the theme leaves the background, titles or typed text to the system, the system's
/// own styles are used (they are the palette's values, and follow raised surfaces in Dark Mode).
struct ThemeStyles {
    /// The screens' background.
    let background: AnyShapeStyle
    /// The banner's card: the theme's background, or the system look's secondary background.
    let bannerBackground: AnyShapeStyle
    /// Titles, field labels, the loading screen's words.
    let title: AnyShapeStyle
    /// Messages under a title.
    let message: AnyShapeStyle
    /// The main button's fill, and the gate screens' icon.
    let buttonFill: AnyShapeStyle
    /// The main button's label.
    let buttonLabel: AnyShapeStyle
    /// Secondary buttons' labels.
    let link: AnyShapeStyle
    /// An error's text.
    let error: AnyShapeStyle
    /// The card behind an error.
    let errorCard: AnyShapeStyle
    /// A text field's fill.
    let field: AnyShapeStyle
    /// What is typed in a field.
    let fieldText: AnyShapeStyle
    /// A field's placeholder.
    let placeholder: AnyShapeStyle
    /// What dims the screen under a progress overlay.
    let dim: AnyShapeStyle
}

extension LaunchGateTheme {
    /// The theme's styles for a color scheme.
    /// - Parameters:
    ///   - colorScheme: The environment's color scheme.
    ///   - contrast: Whether Increase Contrast is on: then every text color is raised to 7:1
    ///     (``ThemePalette/increasingContrast(to:)``; the system's own styles raise themselves).
    /// - Returns: The styles.
    func styles(for colorScheme: ColorScheme, contrast: ColorSchemeContrast = .standard) -> ThemeStyles {
        let base = palette(for: colorScheme == .dark ? .dark : .light)
        let palette = contrast == .increased ? base.increasingContrast() : base
        func color(_ components: ThemeColor.Components) -> AnyShapeStyle {
            AnyShapeStyle(Color(.sRGB, red: components.red, green: components.green, blue: components.blue,
                                opacity: components.opacity))
        }
        return ThemeStyles(
            background: background == nil ? AnyShapeStyle(.background) : color(palette.background),
            bannerBackground: color(palette.bannerBackground),
            title: text == nil ? AnyShapeStyle(.primary) : color(palette.title),
            message: color(palette.message),
            buttonFill: color(palette.buttonBackground),
            buttonLabel: color(palette.buttonText),
            link: color(palette.link),
            error: color(palette.errorText),
            errorCard: color(palette.errorBackground),
            field: color(palette.fieldBackground),
            fieldText: fieldText == nil ? AnyShapeStyle(.primary) : color(palette.fieldText),
            placeholder: color(palette.placeholder),
            dim: color(palette.overlayDim))
    }
}
#endif
