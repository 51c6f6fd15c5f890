#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

/// The built-in sign-in and welcome screen (the emailed-code sign-in) for a ``SignInScreen``: the
/// theme's logo, the core's title and message, the address or code field, an error, and the
/// buttons, the main one first. Typing and taps go to the ``LaunchFlow`` in the environment.
///
/// Its look comes from the ``LaunchGateTheme`` in the environment: ``LaunchGateTheme/system`` by
/// default, ``LaunchGateTheme/playful`` for the turquoise sign-in look.
@MainActor
public struct SignInScreenView: View {
    private let screen: SignInScreen
    @Environment(LaunchFlow.self) private var flow: LaunchFlow?
    @Environment(\.launchGateTheme) private var theme
    @ScaledMetric(relativeTo: .largeTitle) private var logoSize: CGFloat = 80

    /// Creates the screen.
    /// - Parameter screen: The words and buttons the core decided on; read it inside a
    ///   `TimelineView` so the resend countdown moves (``LaunchGateView`` does).
    public init(screen: SignInScreen) {
        self.screen = screen
    }

    /// The screen, with the progress overlay over it while a request runs (when the theme asks for one).
    public var body: some View {
        ZStack {
            ScrollView {
                VStack(spacing: 24) {
                    if let logo = theme.logo {
                        Text(logo)
                            .font(.system(size: logoSize))
                            .foregroundStyle(theme.titleStyle)
                            .accessibilityHidden(true)
                    }
                    Text(screen.title)
                        .font(.title.bold())
                        .foregroundStyle(theme.titleStyle)
                        .multilineTextAlignment(.center)
                        .accessibilityAddTraits(.isHeader)
                    Text(screen.message)
                        .foregroundStyle(theme.messageStyle)
                        .multilineTextAlignment(.center)
                    if let field = screen.field {
                        SignInFieldView(field: field, theme: theme, submit: submit)
                    }
                    if let error = screen.error {
                        Text(error)
                            .foregroundStyle(theme.errorStyle)
                            .padding(12)
                            .background(theme.errorCardStyle, in: RoundedRectangle(cornerRadius: theme.cornerRadius))
                            .announcing(error)
                    }
                    buttons
                    if theme.progressStyle == .inline, let progress = screen.progress {
                        ProgressView(progress).announcing(progress)
                    }
                }
                .padding(24)
                .frame(maxWidth: 480)
                .frame(maxWidth: .infinity)
            }
            if theme.progressStyle == .overlay, let progress = screen.progress {
                ProgressOverlay(text: progress, theme: theme)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(theme.backgroundStyle)
    }

    private var buttons: some View {
        VStack(spacing: 8) {
            if let primary = screen.primaryAction {
                button(primary).buttonStyle(PrimaryButtonStyle(theme: theme))
            }
            ForEach(screen.actions.dropFirst(), id: \.role) { action in
                button(action)
                    .foregroundStyle(theme.linkStyle)
                    .frame(minHeight: 44)
            }
        }
    }

    private func button(_ action: SignInAction) -> some View {
        Button(action.title) { perform(action.role) }
            .disabled(!action.isEnabled)
            .accessibilityLabel(action.title)
    }

    /// Return on the keyboard: the main button, when the core allows it now.
    private func submit() {
        guard let primary = screen.primaryAction, primary.isEnabled else { return }
        perform(primary.role)
    }

    private func perform(_ role: SignInAction.Role) {
        Task { await flow?.perform(role) }
    }
}
#endif
