#if canImport(SwiftUI)
@_spi(LaunchGateServer) import LaunchGate
import SwiftUI

/// The version.json spec's non-intrusive banner at the top of the app: tapping it opens the details
/// dialog, and its second button hides it for the reminder interval. Taps go to the ``LaunchFlow``
/// in the environment through ``PerformGateAction``, which opens the dialog in this banner's
/// window. ``LaunchGateView`` places it above the app's content, which moves down for it.
///
/// At accessibility text sizes its words and its button stack vertically, so neither is cut.
@MainActor
public struct GateBannerView: View {
    private let screen: GateScreen
    @Environment(LaunchFlow.self) private var flow: LaunchFlow?
    @Environment(\.performGateAction) private var performAction
    @Environment(\.launchGateTheme) private var theme
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.colorSchemeContrast) private var contrast
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize

    /// Creates the banner.
    /// - Parameter screen: The banner the core decided to show.
    public init(screen: GateScreen) {
        self.screen = screen
    }

    /// The banner: its words as one button, and the dismiss button beside them (or under them).
    public var body: some View {
        let styles = theme.styles(for: colorScheme, contrast: contrast)
        let layout = dynamicTypeSize.isAccessibilitySize
            ? AnyLayout(VStackLayout(alignment: .leading, spacing: LaunchGateMetrics.bannerStackedSpacing))
            : AnyLayout(HStackLayout(spacing: LaunchGateMetrics.bannerSpacing))
        layout {
            if let primary = screen.primaryAction {
                Button { perform(primary) } label: { summary(styles) }
                    .buttonStyle(.plain)
                    .accessibilityHint(primary.title)
            } else {
                summary(styles)
            }
            if let secondary = screen.secondaryAction {
                Button(secondary.title) { perform(secondary) }
                    .linkButton(styles, font: .subheadline.weight(.semibold))
                    .accessibilityLabel(secondary.title)
            }
        }
        .padding(.horizontal, LaunchGateMetrics.bannerHorizontalPadding)
        .padding(.vertical, LaunchGateMetrics.bannerVerticalPadding)
        .background(styles.bannerBackground, in: RoundedRectangle(cornerRadius: theme.cornerRadius))
        .padding(.horizontal)
        .padding(.top, LaunchGateMetrics.bannerTopMargin)
    }

    /// The title and message, read by VoiceOver as one label.
    private func summary(_ styles: ThemeStyles) -> some View {
        HStack(spacing: LaunchGateMetrics.bannerSpacing) {
            Image(systemName: "arrow.down.circle.fill")
                .font(.title2)
                .foregroundStyle(styles.buttonFill)
                .accessibilityHidden(true)
            VStack(alignment: .leading, spacing: LaunchGateMetrics.bannerLineSpacing) {
                Text(screen.title).font(.headline).foregroundStyle(styles.title)
                Text(screen.message).font(.subheadline).foregroundStyle(styles.message)
            }
            Spacer(minLength: 0)
        }
        .contentShape(Rectangle())
        .accessibilityElement(children: .combine)
    }

    /// Runs a button's action, claiming the details dialog for this window first, whatever
    /// activated the button (a tap, VoiceOver, Switch Control, a keyboard).
    private func perform(_ action: GateAction) {
        Task { await performAction(action, orOn: flow) }
    }
}
#endif
