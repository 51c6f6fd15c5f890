#if canImport(SwiftUI)
@_spi(LaunchGateServer) import LaunchGate
import SwiftUI

/// The main button of every LaunchGate screen: full width, filled with the theme's button color
/// (black in the turquoise sign-in look, or the system look's blue), at least 44 points tall at any text size.
/// Screens apply it through `primaryButton(_:cornerRadius:)`, which keeps the system's button on tvOS;
/// `destructiveButton(_:cornerRadius:)` draws the same shape in the theme's error color.
struct PrimaryButtonStyle: ButtonStyle {
    /// The fill: the theme's button color, or its error color for a destructive button.
    let fill: AnyShapeStyle
    /// The label's color, one of ``ThemePalette/readablePairs`` with `fill`.
    let label: AnyShapeStyle
    let cornerRadius: Double
    @Environment(\.isEnabled) private var isEnabled

    /// The main button, in the theme's button colors.
    init(styles: ThemeStyles, cornerRadius: Double) {
        self.init(fill: styles.buttonFill, label: styles.buttonLabel, cornerRadius: cornerRadius)
    }

    /// A button of this shape in other colors.
    init(fill: AnyShapeStyle, label: AnyShapeStyle, cornerRadius: Double) {
        self.fill = fill
        self.label = label
        self.cornerRadius = cornerRadius
    }

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .font(.body.weight(.semibold))
            .multilineTextAlignment(.center)
            .foregroundStyle(label)
            .padding(.horizontal, LaunchGateMetrics.primaryButtonHorizontalPadding)
            .padding(.vertical, LaunchGateMetrics.primaryButtonVerticalPadding)
            .frame(maxWidth: .infinity, minHeight: LaunchGateMetrics.minimumTapTarget)
            .background(fill, in: RoundedRectangle(cornerRadius: cornerRadius))
            // A look on visionOS or the iPad's pointer lights up the fill, in its own shape.
            .hoverHighlight(cornerRadius: cornerRadius, isEnabled: isEnabled)
            // Dimmed while the core says the button can't be used yet, and while pressed.
            .opacity(isEnabled ? (configuration.isPressed ? 0.7 : 1) : 0.4)
    }
}
#endif
