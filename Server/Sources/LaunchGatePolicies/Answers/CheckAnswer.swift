import LaunchGate

/// The `/check` wire format: the SDK's decision for one install and the texts of the screen it
/// would show, for thin clients that don't run the SDK's evaluator.
struct CheckAnswer: Encodable {
    /// A button on the screen, with the role that tells a client what it does.
    struct Action: Encodable {
        package let title: String
        package let role: String
    }

    /// The screen the SDK would show, in the request's languages.
    package struct Screen: Encodable {
        package let kind: String
        package let style: String
        package let title: String
        package let message: String
        package let releaseNotes: String?
        package let primaryAction: Action?
        package let secondaryAction: Action?
        let dismissable: Bool
    }

    package let decision: String
    package let blocking: Bool
    package let targetVersion: String?
    package let updateURL: String?
    package let screen: Screen?

    /// The answer for a decision, with the SDK's own screen for it.
    /// - Parameters:
    ///   - decision: What the SDK's evaluator decided.
    ///   - platform: The platform asked about, whose screens differ.
    ///   - strings: The default texts in the request's languages.
    init(_ decision: UpdateDecision, platform: Platform, strings: LaunchGateStrings) {
        guard let prompt = decision.prompt else {
            (self.decision, blocking, targetVersion, updateURL, screen) = ("upToDate", false, nil, nil, nil)
            return
        }
        let style: GateScreen.Style = switch prompt.kind {
        case .updateAvailable, .osSupportEnding: .dialog
        case .updateRecommended: .fullScreen
        case .updateRequired, .endOfLife, .deviceUnsupported, .maintenance: .blocking
        }
        let shown = GateScreen.make(for: prompt, style: style, platform: platform, hasUpdateURL: prompt.updateURL != nil, strings: strings)
        func action(_ action: GateAction?) -> Action? { action.map { Action(title: $0.title, role: $0.role.rawValue) } }
        self.decision = prompt.kind.rawValue
        blocking = decision.isBlocking
        targetVersion = prompt.targetVersion?.description
        updateURL = prompt.updateURL?.absoluteString
        screen = Screen(kind: prompt.kind.rawValue, style: shown.style.rawValue, title: shown.title, message: shown.message,
                        releaseNotes: shown.releaseNotes, primaryAction: action(shown.primaryAction),
                        secondaryAction: action(shown.secondaryAction), dismissable: shown.isDismissable)
    }
}
