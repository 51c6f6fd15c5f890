#if canImport(SwiftUI)
@_spi(LaunchGateServer) import LaunchGate
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
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.colorSchemeContrast) private var contrast
    @ScaledMetric(relativeTo: .largeTitle) private var logoSize: CGFloat = LaunchGateMetrics.signInLogoSize

    /// Creates the screen.
    /// - Parameter screen: The words and buttons the core decided on; read it inside a
    ///   `TimelineView` so the resend countdown moves (``LaunchGateView`` does).
    public init(screen: SignInScreen) {
        self.screen = screen
    }

    /// The screen, with the progress overlay over it while a request runs (when the theme asks for one).
    public var body: some View {
        let styles = theme.styles(for: colorScheme, contrast: contrast)
        ZStack {
            ScrollView {
                VStack(spacing: LaunchGateMetrics.signInSpacing) {
                    if let logo = theme.logo {
                        Text(logo)
                            .font(.system(size: logoSize))
                            .foregroundStyle(styles.title)
                            .accessibilityHidden(true)
                    }
                    Text(screen.title)
                        .font(.title.bold())
                        .foregroundStyle(styles.title)
                        .multilineTextAlignment(.center)
                        .accessibilityAddTraits(.isHeader)
                    Text(screen.message)
                        .foregroundStyle(styles.message)
                        .multilineTextAlignment(.center)
                    if let field = screen.field {
                        SignInFieldView(field: field, styles: styles, cornerRadius: theme.cornerRadius, submit: submit)
                    }
                    if let error = screen.error {
                        Text(error)
                            .foregroundStyle(styles.error)
                            // Full width and leading, as iOS places a form's error: aligned with
                            // the field's label, not a centred block of ragged lines (as the
                            // console's preview draws it).
                            .frame(maxWidth: .infinity, alignment: .leading)
                            .padding(LaunchGateMetrics.errorPadding)
                            .background(styles.errorCard, in: RoundedRectangle(cornerRadius: theme.cornerRadius))
                            .announcing(error)
                    }
                    buttons(styles)
                    if theme.progressStyle == .inline, let progress = screen.progress {
                        ProgressView(progress).tint(styles.message).foregroundStyle(styles.message).announcing(progress)
                    }
                }
                .padding(LaunchGateMetrics.signInPadding)
                .frame(maxWidth: LaunchGateMetrics.signInMaxWidth)
                .frame(maxWidth: .infinity)
            }
            if theme.progressStyle == .overlay, let progress = screen.progress {
                ProgressOverlay(text: progress, styles: styles, cornerRadius: theme.cornerRadius)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(styles.background)
    }

    private func buttons(_ styles: ThemeStyles) -> some View {
        VStack(spacing: LaunchGateMetrics.buttonSpacing) {
            if let primary = screen.primaryAction {
                button(primary).primaryButton(styles, cornerRadius: theme.cornerRadius)
            }
            ForEach(screen.actions.dropFirst(), id: \.role) { action in
                button(action).linkButton(styles)
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
