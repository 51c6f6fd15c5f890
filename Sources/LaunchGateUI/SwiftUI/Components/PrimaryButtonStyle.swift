#if canImport(SwiftUI)
@_spi(LaunchGateServer) import LaunchGate
import SwiftUI

/// The main button of every LaunchGate screen: full width, filled with the theme's button color
/// (black in the turquoise sign-in look, or the system look's blue), at least 44 points tall at any text size.
/// Screens apply it through `primaryButton(_:cornerRadius:)`, which keeps the system's button on tvOS.
struct PrimaryButtonStyle: ButtonStyle {
    let styles: ThemeStyles
    let cornerRadius: Double
    @Environment(\.isEnabled) private var isEnabled

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .font(.body.weight(.semibold))
            .multilineTextAlignment(.center)
            .foregroundStyle(styles.buttonLabel)
            .padding(.horizontal, LaunchGateMetrics.primaryButtonHorizontalPadding)
            .padding(.vertical, LaunchGateMetrics.primaryButtonVerticalPadding)
            .frame(maxWidth: .infinity, minHeight: LaunchGateMetrics.minimumTapTarget)
            .background(styles.buttonFill, in: RoundedRectangle(cornerRadius: cornerRadius))
            // A look on visionOS or the iPad's pointer lights up the fill, in its own shape.
            .hoverHighlight(cornerRadius: cornerRadius, isEnabled: isEnabled)
            // Dimmed while the core says the button can't be used yet, and while pressed.
            .opacity(isEnabled ? (configuration.isPressed ? 0.7 : 1) : 0.4)
    }
}
#endif
