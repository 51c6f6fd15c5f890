@_spi(LaunchGateServer) import LaunchGate

extension ScreenCard {
    /// The label of the app's own content, which has no title of its own.
    public static let appLabel = "App"
    /// The label when the app is not on screen at all.
    public static let backgroundLabel = "In the background"

    /// The card for a launch flow's state: it renders what the flow decided and decides nothing.
    /// - Parameters:
    ///   - state: The flow's state.
    ///   - signInScreen: The flow's sign-in or welcome screen, when it shows one.
    ///   - user: The signed-in user, for the app's card.
    ///   - strings: The texts in the device's language.
    /// - Returns: The card.
    public static func make(state: LaunchFlow.State, signInScreen: SignInScreen?, user: SignInUser?,
                            strings: LaunchGateStrings) -> ScreenCard {
        switch state {
        case .checking:
            return ScreenCard(label: strings.text(.checking))
        case .updateRequired(let screen), .endOfLife(let screen), .deviceUnsupported(let screen), .maintenance(let screen),
             .updateRecommended(let screen):
            return gate(screen)
        case .signingIn, .welcome:
            guard let signInScreen else { return ScreenCard(label: strings.text(.signInTitle)) }
            return signIn(signInScreen)
        case .deletingAccount(let screen):
            return ScreenCard(label: screen.title, paragraphs: [screen.message], error: screen.error, progress: screen.progress,
                              buttons: screen.actions.map { Button(title: $0.title, isEnabled: $0.isEnabled, target: .accountDeletion($0.role)) })
        case .app(_, let details?):
            return gate(details)
        case .app(let banner, nil):
            var card = ScreenCard(label: appLabel)
            card.banner = banner.map {
                Banner(title: $0.title, message: $0.message, buttons: gateButtons($0))
            }
            if let user {
                card.paragraphs = [strings.text(.welcomeMessage, ["email": user.email.description])]
                card.buttons = [Button(title: strings.text(.signOut), isEnabled: true, target: .signOut)]
            }
            return card
        }
    }

    /// A required, end-of-life, unsupported or recommended screen, or the banner's dialog.
    private static func gate(_ screen: GateScreen) -> ScreenCard {
        ScreenCard(label: screen.title, paragraphs: [screen.message] + (screen.releaseNotes.map { [$0] } ?? []),
                   buttons: gateButtons(screen))
    }

    private static func gateButtons(_ screen: GateScreen) -> [Button] {
        [screen.primaryAction, screen.secondaryAction].compactMap { action in
            action.map { Button(title: $0.title, isEnabled: true, target: .gate($0)) }
        }
    }

    private static func signIn(_ screen: SignInScreen) -> ScreenCard {
        let field = screen.field.map { Field(label: $0.label, value: $0.value, placeholder: $0.placeholder, kind: $0.kind) }
        return ScreenCard(label: screen.title, paragraphs: [screen.message], field: field, error: screen.error,
                          progress: screen.progress,
                          buttons: screen.actions.map { Button(title: $0.title, isEnabled: $0.isEnabled, target: .signIn($0.role)) })
    }
}
