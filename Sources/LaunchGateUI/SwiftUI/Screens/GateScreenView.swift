#if canImport(SwiftUI)
@_spi(LaunchGateServer) import LaunchGate
import SwiftUI

/// The built-in full screen for a required or recommended update, end of life, an unsupported
/// device or maintenance, and the banner's details dialog: the core's title, message and release
/// notes, with its buttons. Taps go to the ``LaunchFlow`` in the environment, which
/// ``LaunchGateView`` provides.
///
/// Use it inside a custom screen to keep the words and buttons but change what is around them:
///
/// ```swift
/// LaunchGateView(flow: flow) { ContentView() } updateRequired: { screen in
///     VStack { BrandHeader(); GateScreenView(screen: screen) }
/// }
/// ```
@MainActor
public struct GateScreenView: View {
    private let screen: GateScreen
    @Environment(LaunchFlow.self) private var flow: LaunchFlow?
    @Environment(\.launchGateTheme) private var theme
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.colorSchemeContrast) private var contrast
    @Environment(\.openURL) private var openURL
    @ScaledMetric(relativeTo: .largeTitle) private var iconSize: CGFloat = LaunchGateMetrics.gateIconSize

    /// Creates the screen.
    /// - Parameter screen: What the core decided to show.
    public init(screen: GateScreen) {
        self.screen = screen
    }

    /// The screen: scrolling words above buttons that stay in reach at every text size.
    public var body: some View {
        let styles = theme.styles(for: colorScheme, contrast: contrast)
        ScrollView {
            VStack(spacing: LaunchGateMetrics.gateSpacing) {
                Image(systemName: screen.kind.symbolName)
                    .font(.system(size: iconSize))
                    .foregroundStyle(styles.buttonFill)
                    .accessibilityHidden(true)
                Text(screen.title)
                    .font(.title.bold())
                    .foregroundStyle(styles.title)
                    .multilineTextAlignment(.center)
                    .accessibilityAddTraits(.isHeader)
                Text(screen.message)
                    .font(.body)
                    .foregroundStyle(styles.message)
                    .multilineTextAlignment(.center)
                if let notes = screen.releaseNotes {
                    Text(notes)
                        .font(.callout)
                        .foregroundStyle(styles.message)
                        .frame(maxWidth: .infinity, alignment: .leading)
                }
            }
            .padding(LaunchGateMetrics.gatePadding)
            .frame(maxWidth: LaunchGateMetrics.gateMaxWidth)
            .frame(maxWidth: .infinity)
        }
        .safeAreaInset(edge: .bottom) { buttons(styles) }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(styles.background)
        .interactiveDismissDisabled(!screen.isDismissable)
    }

    private func buttons(_ styles: ThemeStyles) -> some View {
        VStack(spacing: LaunchGateMetrics.buttonSpacing) {
            if let primary = screen.primaryAction {
                Button(primary.title) { perform(primary) }
                    .primaryButton(styles, cornerRadius: theme.cornerRadius)
                    .accessibilityLabel(primary.title)
                    .accessibilityHint(primary.accessibilityHint ?? "")
            }
            if let secondary = screen.secondaryAction {
                Button(secondary.title) { perform(secondary) }
                    .linkButton(styles)
                    .accessibilityLabel(secondary.title)
                    // The maintenance link leaves the app for a web page; VoiceOver says so.
                    .accessibilityHint(secondary.accessibilityHint ?? "")
            }
        }
        .padding(.horizontal, LaunchGateMetrics.gateButtonsHorizontalPadding)
        .padding(.vertical, LaunchGateMetrics.gateButtonsVerticalPadding)
        .frame(maxWidth: LaunchGateMetrics.gateMaxWidth)
        .frame(maxWidth: .infinity)
        .background(styles.background)
    }

    private func perform(_ action: GateAction) {
        // A web page (the maintenance window's status page) opens the app's way: an app that
        // set `openURL` to its own in-app browser keeps the user in the app.
        if let page = flow?.webPage(for: action) { return openURL(page) }
        Task { await flow?.perform(action) }
    }
}
#endif
