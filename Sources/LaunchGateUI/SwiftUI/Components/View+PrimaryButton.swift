#if canImport(SwiftUI)
import SwiftUI

extension View {
    /// The main button's look: ``PrimaryButtonStyle``, except on tvOS, where a style that draws its
    /// own shape takes away the system's focus lift, and with it the only sign that the remote is on
    /// Update Now or Send Code. There the system's prominent button keeps the lift (and dims itself
    /// when disabled), filled with the theme's button color at its corner radius. Its label's color
    /// is left to the system, which changes it with the fill as focus comes and goes: a fixed label
    /// color could vanish on the focused fill.
    /// - Parameters:
    ///   - styles: The theme's styles.
    ///   - cornerRadius: The theme's corner radius, in points.
    /// - Returns: The view.
    @ViewBuilder
    func primaryButton(_ styles: ThemeStyles, cornerRadius: Double) -> some View {
        #if os(tvOS)
        buttonStyle(.borderedProminent)
            .buttonBorderShape(.roundedRectangle(radius: cornerRadius))
            .tint(styles.buttonFill)
        #else
        buttonStyle(PrimaryButtonStyle(styles: styles, cornerRadius: cornerRadius))
        #endif
    }
}
#endif
