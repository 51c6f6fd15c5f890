#if canImport(SwiftUI)
@_spi(LaunchGateServer) import LaunchGate
import SwiftUI

/// The other buttons of a screen (Not Now, Use a Different Email, Send New Code): the theme's link
/// color with no fill, at least 44 points square at any text size. A plain button whose color comes
/// from `foregroundStyle` keeps that color when disabled, so the resend countdown would look
/// tappable for a minute: this style dims it as ``PrimaryButtonStyle`` dims the main button.
struct LinkButtonStyle: ButtonStyle {
    let styles: ThemeStyles
    /// The label's font: body text on the full screens, the banner's smaller semibold beside its words.
    var font: Font = .body
    @Environment(\.isEnabled) private var isEnabled

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .font(font)
            .multilineTextAlignment(.center)
            .foregroundStyle(styles.link)
            .frame(minWidth: LaunchGateMetrics.minimumTapTarget, minHeight: LaunchGateMetrics.minimumTapTarget)
            // The whole 44-point target takes the tap, not only the glyphs.
            .contentShape(Rectangle())
            // A look on visionOS or the iPad's pointer lights up that target, gently rounded.
            .hoverHighlight(cornerRadius: LaunchGateMetrics.linkHighlightCornerRadius, isEnabled: isEnabled)
            // Dimmed while the core says the button can't be used yet, and while pressed.
            .opacity(isEnabled ? (configuration.isPressed ? 0.7 : 1) : 0.4)
    }
}
#endif
