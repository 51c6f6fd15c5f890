import LaunchGate
import LaunchGateStorage

/// What one poll of a link did, storefront by storefront: what `sync` reports.
public struct AppStorePollReport: Sendable, Hashable {
    /// What the poll published, or why nothing: ``AppStorePollOutcome/failed(_:)`` only when no storefront answered.
    public var outcome: AppStorePollOutcome
    /// The version each storefront that answered serves.
    public var answered: [String: AppVersion]
    /// The storefronts that failed, one message each, starting with the storefront's code.
    public var errors: [String]
    /// The storefronts this poll didn't ask (its deadline came, or it stopped after timeouts): nothing
    /// published changes for them, and the next poll asks them first.
    public var notPolled: [String]
    /// The answers this poll ignored (a version below what the storefront served before, an
    /// implausible one, or a held jump): they published nothing, so a sync must not read as done.
    public var ignored: [IgnoredAnswer]
    /// Whether ``notPolled`` were left because the minute's lookups were spent (the pace), not for the deadline or timeouts.
    public var paced = false
    /// The storefronts this poll withdrew from `storefronts`: they have said "no such app" long enough.
    public var withdrawn: [String] = []

    /// The ones among ``ignored`` that wait for an operator's `sync --accept VERSION` (or `--reset`): the held jumps
    /// (``IgnoredAnswer/waitsForOperator``; the name is the API's key).
    public var implausible: [IgnoredAnswer] { ignored.filter(\.waitsForOperator) }

    /// Creates a report.
    public init(outcome: AppStorePollOutcome, answered: [String: AppVersion] = [:], errors: [String] = [], notPolled: [String] = [],
                ignored: [IgnoredAnswer] = []) {
        self.outcome = outcome
        self.answered = answered
        self.errors = errors
        self.notPolled = notPolled
        self.ignored = ignored
    }

    /// Every problem in one list: the storefronts' errors, then a line for those not polled.
    public var problems: [String] {
        let reason = paced ? "the minute's lookups were spent; the next poll asks them first"
                           : "the poll's deadline or repeated timeouts; the next poll asks them first"
        return errors + (notPolled.isEmpty ? [] : ["not polled this time (\(reason)): " + notPolled.joined(separator: ", ")])
    }
}
