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
        // The card's padding belongs to the buttons, not the card: the summary's button takes the
        // whole card but Not Now's target and the gap between them, so a tap on the card's edge
        // opens the details too (it fell on nothing), and Not Now keeps its own 44-point target,
        // a sibling, so no tap reaches both.
        let stacked = dynamicTypeSize.isAccessibilitySize
        let hasSecondary = screen.secondaryAction != nil
        layout {
            if let primary = screen.primaryAction {
                Button { perform(primary) } label: { paddedSummary(styles, stacked: stacked, hasSecondary: hasSecondary) }
                    .buttonStyle(.plain)
                    // Now that the summary reaches the card's edges, a look or the pointer
                    // highlights it in the card's rounded shape, not a square that pokes past it.
                    .hoverHighlight(cornerRadius: theme.cornerRadius, isEnabled: true)
                    .accessibilityHint(primary.title)
            } else {
                paddedSummary(styles, stacked: stacked, hasSecondary: hasSecondary)
            }
            if let secondary = screen.secondaryAction {
                Button(secondary.title) { perform(secondary) }
                    .linkButton(styles, font: .subheadline.weight(.semibold))
                    .accessibilityLabel(secondary.title)
                    .padding(stacked ? .horizontal : .trailing, LaunchGateMetrics.bannerHorizontalPadding)
                    .padding(stacked ? .bottom : .vertical, LaunchGateMetrics.bannerVerticalPadding)
            }
        }
        .background(styles.bannerBackground, in: RoundedRectangle(cornerRadius: theme.cornerRadius))
        .padding(.horizontal)
        .padding(.top, LaunchGateMetrics.bannerTopMargin)
    }

    /// The summary with the card's padding on every side Not Now doesn't take, all of it tappable.
    private func paddedSummary(_ styles: ThemeStyles, stacked: Bool, hasSecondary: Bool) -> some View {
        summary(styles)
            .padding(stacked || !hasSecondary ? .horizontal : .leading, LaunchGateMetrics.bannerHorizontalPadding)
            .padding(hasSecondary && stacked ? .top : .vertical, LaunchGateMetrics.bannerVerticalPadding)
            .contentShape(Rectangle())
    }

    /// The title and message, read by VoiceOver as one label.
    private func summary(_ styles: ThemeStyles) -> some View {
        HStack(spacing: LaunchGateMetrics.bannerSpacing) {
            Image(systemName: screen.kind.symbolName)
                .font(.title2)
                .foregroundStyle(styles.buttonFill)
                .accessibilityHidden(true)
            VStack(alignment: .leading, spacing: LaunchGateMetrics.bannerLineSpacing) {
                Text(screen.title).font(.headline).foregroundStyle(styles.title)
                Text(screen.message).font(.subheadline).foregroundStyle(styles.message)
            }
            Spacer(minLength: 0)
        }
        .accessibilityElement(children: .combine)
    }

    /// Runs a button's action, claiming the details dialog for this window first, whatever
    /// activated the button (a tap, VoiceOver, Switch Control, a keyboard).
    private func perform(_ action: GateAction) {
        Task { await performAction(action, orOn: flow) }
    }
}
#endif
