import LaunchGate
import LaunchGateStorage

// Where a fresh link's first poll measures jumps from.
extension AppStorePoller {
    /// The baseline of a fresh link's first poll (nothing trusted or served): the latest an operator
    /// introduced, else the lower of the published latest and its answers' lowest, not a latest the poller
    /// took untrusted before an unlink (review s15b, N7); `nil` for a link that isn't fresh, which measures
    /// from its trusted version.
    /// - Parameter published: The platform's published `latest`.
    func freshBaseline(_ link: AppStoreLink, answers: [String: StorefrontRelease], published: AppVersion?) async throws -> AppVersion? {
        guard link.status.trustedVersion == nil, link.served.filter({ link.storefronts.contains($0.key) }).isEmpty else { return nil }
        let lowest = answers.filter { link.storefronts.contains($0.key) }.map(\.value.version)
            .filter { AnswerPlausibility.refusal(of: $0, trusted: nil, reset: true) == nil }.min()
        switch try await publisher.operatorLatest(app: link.app, platform: link.platform) {
        case .found(let version): return version
        // No operator's choice read (none in the history, or older history unread): no higher than the published latest,
        // which passed the jump check when the poller took it, so an unlink and link launders at most that one step
        // (attack s16b, B), and an app whose `latest` only the poller ever set doesn't trust any jump at once (review s16b, Q1).
        case .notFound, .beyondReach: return [published, lowest].compactMap { $0 }.min()
        }
    }
}
