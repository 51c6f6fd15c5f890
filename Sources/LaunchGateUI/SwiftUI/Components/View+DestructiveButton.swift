#if canImport(SwiftUI)
@_spi(LaunchGateServer) import LaunchGate
import SwiftUI

extension View {
    /// The look of a button that destroys something (Delete Account): ``PrimaryButtonStyle``'s shape,
    /// filled with the theme's error color and labelled in its background color, except on tvOS,
    /// where the system's prominent button keeps the focus lift (see `primaryButton(_:cornerRadius:)`),
    /// tinted with the error color. That pair is one of ``ThemePalette/readablePairs`` ("background on
    /// errorText"), checked at 4.5:1 and raised to 7:1 by Increase Contrast in light and Dark Mode
    /// alike, so the label stays readable where a fixed red and white would not (3.6:1).
    /// - Parameters:
    ///   - styles: The theme's styles.
    ///   - cornerRadius: The theme's corner radius, in points.
    /// - Returns: The view.
    @ViewBuilder
    func destructiveButton(_ styles: ThemeStyles, cornerRadius: Double) -> some View {
        #if os(tvOS)
        buttonStyle(.borderedProminent)
            .buttonBorderShape(.roundedRectangle(radius: cornerRadius))
            .tint(styles.error)
        #else
        buttonStyle(PrimaryButtonStyle(fill: styles.error, label: styles.background, cornerRadius: cornerRadius))
        #endif
    }
}
#endif
