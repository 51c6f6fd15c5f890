#if canImport(SwiftUI)
@_spi(LaunchGateServer) import LaunchGate
import SwiftUI

/// The built-in account-deletion screen for an ``AccountDeletionScreen``: the confirmation, its
/// progress, and the done screen after. The core decides every word and which buttons there are;
/// taps go to the ``LaunchFlow`` in the environment. The confirm button is drawn destructive, in
/// the theme's error color, with Cancel a full-size outlined button under it (the HIG's pair for a
/// destructive choice), and every text takes Dynamic Type. VoiceOver starts on the title, and
/// again when the title changes (the done screen); its escape gesture cancels, or ends the done screen.
@MainActor
public struct AccountDeletionView: View {
    private let screen: AccountDeletionScreen
    @Environment(LaunchFlow.self) private var flow: LaunchFlow?
    @Environment(\.launchGateTheme) private var theme
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.colorSchemeContrast) private var contrast
    @AccessibilityFocusState private var titleIsFocused: Bool

    /// Creates the screen.
    /// - Parameter screen: The words and buttons the core decided on (``LaunchFlow/State/deletingAccount(_:)``).
    public init(screen: AccountDeletionScreen) {
        self.screen = screen
    }

    /// The screen, with the progress overlay over it while the server deletes.
    public var body: some View {
        let styles = theme.styles(for: colorScheme, contrast: contrast)
        ZStack {
            ScrollView {
                VStack(spacing: LaunchGateMetrics.signInSpacing) {
                    Text(screen.title)
                        .font(.title.bold())
                        .foregroundStyle(styles.title)
                        .multilineTextAlignment(.center)
                        .accessibilityAddTraits(.isHeader)
                        .accessibilityFocused($titleIsFocused)
                    // Not announced: VoiceOver is on the title, and the message is the next swipe.
                    Text(screen.message)
                        .foregroundStyle(styles.message)
                        .multilineTextAlignment(.center)
                    if let error = screen.error {
                        Text(error)
                            .foregroundStyle(styles.error)
                            .frame(maxWidth: .infinity, alignment: .leading)
                            .padding(LaunchGateMetrics.errorPadding)
                            .background(styles.errorCard, in: RoundedRectangle(cornerRadius: theme.cornerRadius))
                            .announcing(error)
                    }
                    VStack(spacing: LaunchGateMetrics.buttonSpacing) {
                        ForEach(screen.actions, id: \.role) { action in
                            if action.isDestructive {
                                Button(role: .destructive) { perform(action.role) } label: { Text(action.title) }
                                    .disabled(!action.isEnabled)
                                    .destructiveButton(styles, cornerRadius: theme.cornerRadius)
                            } else if action.role == screen.actions.first?.role {
                                Button(action.title) { perform(action.role) }
                                    .disabled(!action.isEnabled)
                                    .primaryButton(styles, cornerRadius: theme.cornerRadius)
                            } else {
                                Button(action.title) { perform(action.role) }
                                    .disabled(!action.isEnabled)
                                    .outlinedButton(styles, cornerRadius: theme.cornerRadius)
                            }
                        }
                    }
                }
                .padding(LaunchGateMetrics.signInPadding)
                .frame(maxWidth: LaunchGateMetrics.signInMaxWidth)
                .frame(maxWidth: .infinity)
            }
            if let progress = screen.progress {
                ProgressOverlay(text: progress, styles: styles, cornerRadius: theme.cornerRadius)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(styles.background)
        .accessibilityAction(.escape) {
            if let role = screen.escapeAction { perform(role) }
        }
        // The window above the app posts `.screenChanged` too; focusing the title makes it the
        // element VoiceOver lands on, here and on the done screen that replaces the question.
        .onAppear { titleIsFocused = true }
        .onChange(of: screen.title) { _, _ in titleIsFocused = true }
    }

    private func perform(_ role: AccountDeletionAction.Role) {
        Task { await flow?.perform(role) }
    }
}
#endif
