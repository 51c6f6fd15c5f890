#if canImport(SwiftUI)
@_spi(LaunchGateServer) import LaunchGate
import SwiftUI

/// The safe choice beside a destructive button (Cancel under Delete Account): ``PrimaryButtonStyle``'s
/// full width and height, so it is as easy to hit, but only outlined, in the theme's link color
/// on the background, a pair ``ThemePalette/readablePairs`` checks. Screens apply it through
/// `outlinedButton(_:cornerRadius:)`, which keeps the system's button on tvOS.
struct OutlinedButtonStyle: ButtonStyle {
    let styles: ThemeStyles
    let cornerRadius: Double
    @Environment(\.isEnabled) private var isEnabled

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .font(.body.weight(.semibold))
            .multilineTextAlignment(.center)
            .foregroundStyle(styles.link)
            .padding(.horizontal, LaunchGateMetrics.primaryButtonHorizontalPadding)
            .padding(.vertical, LaunchGateMetrics.primaryButtonVerticalPadding)
            .frame(maxWidth: .infinity, minHeight: LaunchGateMetrics.minimumTapTarget)
            .overlay {
                RoundedRectangle(cornerRadius: cornerRadius).strokeBorder(styles.link, lineWidth: LaunchGateMetrics.outlineWidth)
            }
            // The whole button takes the tap, not only the glyphs.
            .contentShape(RoundedRectangle(cornerRadius: cornerRadius))
            // A look on visionOS or the iPad's pointer lights up the button, in its own shape.
            .hoverHighlight(cornerRadius: cornerRadius, isEnabled: isEnabled)
            // Dimmed while the core says the button can't be used yet, and while pressed.
            .opacity(isEnabled ? (configuration.isPressed ? 0.7 : 1) : 0.4)
    }
}
#endif
