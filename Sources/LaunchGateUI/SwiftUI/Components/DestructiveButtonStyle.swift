#if canImport(SwiftUI)
@_spi(LaunchGateServer) import LaunchGate
import SwiftUI

/// A button that destroys something (Delete Account): the main button's shape, filled with the
/// theme's error color and labelled in its background color. That pair is one of
/// ``ThemePalette/readablePairs`` ("background on errorText"), checked at 4.5:1 and raised to 7:1
/// by Increase Contrast in light and Dark Mode alike, so the label stays readable where a fixed
/// red and white would not (3.6:1).
struct DestructiveButtonStyle: ButtonStyle {
    let styles: ThemeStyles
    let cornerRadius: Double
    @Environment(\.isEnabled) private var isEnabled

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .font(.body.weight(.semibold))
            .multilineTextAlignment(.center)
            .foregroundStyle(styles.background)
            .padding(.horizontal, LaunchGateMetrics.primaryButtonHorizontalPadding)
            .padding(.vertical, LaunchGateMetrics.primaryButtonVerticalPadding)
            .frame(maxWidth: .infinity, minHeight: LaunchGateMetrics.minimumTapTarget)
            .background(styles.error, in: RoundedRectangle(cornerRadius: cornerRadius))
            .hoverHighlight(cornerRadius: cornerRadius, isEnabled: isEnabled)
            .opacity(isEnabled ? (configuration.isPressed ? 0.7 : 1) : 0.4)
    }
}

extension View {
    /// The destructive button's look: ``DestructiveButtonStyle``, except on tvOS, where the
    /// system's prominent button keeps the focus lift (see `primaryButton(_:cornerRadius:)`),
    /// tinted with the theme's error color.
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
        buttonStyle(DestructiveButtonStyle(styles: styles, cornerRadius: cornerRadius))
        #endif
    }
}
#endif
