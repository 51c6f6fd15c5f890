import Foundation

extension UpdateMonitor {
    /// The revision of the policy in use, which the funnel counts under; `nil`, and nothing is
    /// counted, for a document that doesn't name one (an older server, a static file) and for
    /// screens that aren't update prompts (maintenance, end of life, an OS notice): the funnel asks
    /// whether prompting for an update worked.
    var funnelRevision: Int? {
        guard let kind = decision.kind, [.updateAvailable, .updateRecommended, .updateRequired].contains(kind) else { return nil }
        return policy?.subject?.revision
    }

    /// Counts one event of the prompt in use, under its channel's revision.
    func count(_ event: PromptFunnel.Event) {
        funnel?.record(event, revision: funnelRevision, channel: policy?.subject?.channel ?? .production)
    }

    /// Counts a prompt as shown when the state moves into it: once per presentation, not per
    /// re-render (a return to the foreground re-renders the same screen).
    func countPresentation(of state: GateState) {
        let event: PromptFunnel.Event? = switch state {
        case .checking, .app: nil
        case .banner: .banner
        case .details: .details
        case .prompt: .recommended
        case .blocked: .required
        }
        guard let event else {
            countedPresentation = nil
            return
        }
        let revision = funnelRevision
        if let counted = countedPresentation, counted.event == event, counted.revision == revision { return }
        countedPresentation = (event, revision)
        count(event)
    }
}
