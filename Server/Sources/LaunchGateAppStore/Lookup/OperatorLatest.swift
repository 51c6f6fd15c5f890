import LaunchGate

/// What the search of the production history found as the `latest` an operator chose
/// (``AppStorePublisher/operatorLatest(app:platform:)``), for a fresh link's first poll.
public enum OperatorLatest: Sendable, Hashable {
    /// The `latest` of the newest revision in which an operator chose it.
    case found(AppVersion)
    /// None in the whole history (or there is none, or a revision there can't be read): the first
    /// poll measures from no higher than the published latest, as for ``beyondReach`` (review s16b, Q1).
    case notFound
    /// None in the revisions the bounded search read, and older ones went unread: the first poll
    /// measures from no higher than the published latest (attack s16b, B).
    case beyondReach
}
