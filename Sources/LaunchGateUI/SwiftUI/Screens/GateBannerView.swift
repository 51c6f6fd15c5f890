#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// The version.json spec's non-intrusive banner at the top of the app: tapping it opens the details dialog,
/// and its second button hides it for the reminder interval. Taps go to the ``LaunchFlow`` in
/// the environment.
@MainActor
public struct GateBannerView: View {
    private let screen: GateScreen
    @Environment(LaunchFlow.self) private var flow: LaunchFlow?
    @Environment(\.launchGateTheme) private var theme

    /// Creates the banner.
    /// - Parameter screen: The banner the core decided to show.
    public init(screen: GateScreen) {
        self.screen = screen
    }

    /// The banner: its words as one button, and the dismiss button beside them.
    public var body: some View {
        HStack(spacing: 12) {
            if let primary = screen.primaryAction {
                Button { perform(primary) } label: { summary }
                    .buttonStyle(.plain)
                    .accessibilityHint(primary.title)
            } else {
                summary
            }
            if let secondary = screen.secondaryAction {
                Button(secondary.title) { perform(secondary) }
                    .font(.subheadline.weight(.semibold))
                    .foregroundStyle(theme.linkStyle)
                    .frame(minHeight: 44)
                    .accessibilityLabel(secondary.title)
            }
        }
        .padding(.horizontal, 16)
        .padding(.vertical, 10)
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: theme.cornerRadius))
        .padding(.horizontal)
        .padding(.top, 8)
    }

    /// The title and message, read by VoiceOver as one label.
    private var summary: some View {
        HStack(spacing: 12) {
            Image(systemName: "arrow.down.circle.fill")
                .font(.title2)
                .foregroundStyle(theme.buttonFill)
                .accessibilityHidden(true)
            VStack(alignment: .leading, spacing: 2) {
                Text(screen.title).font(.headline)
                Text(screen.message).font(.subheadline).foregroundStyle(.secondary)
            }
            Spacer(minLength: 0)
        }
        .contentShape(Rectangle())
        .accessibilityElement(children: .combine)
    }

    private func perform(_ action: GateAction) {
        Task { await flow?.perform(action) }
    }
}
#endif
