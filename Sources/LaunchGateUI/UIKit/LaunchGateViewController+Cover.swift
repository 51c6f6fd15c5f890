#if canImport(UIKit) && !os(watchOS)
import LaunchGate

extension LaunchGateViewController {
    /// The child controller over the app's main controller: the loading and force-update
    /// controllers, and sign-in. A new kind, or a new update screen, is a new child; sign-in keeps
    /// one child through its steps, which follows the flow by itself.
    enum Cover: Equatable {
        case loading
        case gate(GateScreen)
        case signingIn
        case welcome
        case deletingAccount

        /// The cover for a state, or `nil` when the app shows.
        init?(_ state: LaunchFlow.State) {
            switch state {
            case .checking: self = .loading
            case .updateRequired(let screen), .endOfLife(let screen), .deviceUnsupported(let screen),
                 .maintenance(let screen), .updateRecommended(let screen):
                self = .gate(screen)
            case .signingIn: self = .signingIn
            case .welcome: self = .welcome
            case .deletingAccount: self = .deletingAccount
            case .app: return nil
            }
        }
    }
}
#endif
