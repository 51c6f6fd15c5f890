import Foundation

/// Keeps a dismissed banner or recommended prompt hidden for the policy's reminder interval
/// (24 hours by default, as the version.json spec asks), and remembers the last successful check.
///
/// Blocking decisions (required, end of life, unsupported) are never throttled. A different
/// target version or a different kind of prompt shows at once: dismissing 1.2.0 says nothing
/// about 1.3.0.
///
/// ## Clock changes
/// Times are wall-clock dates, because a monotonic clock does not survive a relaunch. So:
/// - **Clock moved back** (now is before the stored dismissal): the dismissal is re-anchored to
///   now and the prompt stays hidden for one more interval. The user is neither nagged (it does
///   not reappear at once) nor silenced forever (it returns after at most one interval).
/// - **Clock moved forward** past the interval: the prompt shows once; dismissing it records
///   the new time, so a later move back is handled by the rule above.
/// - For the last check, a stored time in the future counts as due: checking too often is
///   harmless, never checking is not.
public struct PromptThrottle: Sendable {
    private let store: any KeyValueStore
    private let now: @Sendable () -> Date
    private let dismissalKey: String
    private let lastCheckKey: String

    /// Creates a throttle.
    /// - Parameters:
    ///   - store: Where dismissals and check times are kept.
    ///   - keyPrefix: A prefix for the store's keys, so several gates can share one store.
    ///   - now: The clock.
    public init(store: any KeyValueStore, keyPrefix: String = "launchgate", now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.now = now
        self.dismissalKey = keyPrefix + ".dismissal"
        self.lastCheckKey = keyPrefix + ".lastSuccessfulCheck"
    }

    /// Whether a decision's screen should be shown now.
    /// - Parameter decision: The evaluator's decision.
    /// - Returns: `false` for up to date and for a prompt dismissed within its reminder interval.
    public func shouldShow(_ decision: UpdateDecision) -> Bool {
        guard let prompt = decision.prompt else { return false }
        guard !decision.isBlocking else { return true }
        guard var record = dismissal, record.key == prompt.throttleKey else { return true }
        let current = now()
        if current < record.dismissedAt {
            record.dismissedAt = current
            try? store.set(Self.encode(record), forKey: dismissalKey)
            return false
        }
        return current.timeIntervalSince(record.dismissedAt) >= prompt.reminderInterval
    }

    /// Records that the user dismissed a prompt.
    /// - Parameter decision: The decision whose prompt was dismissed.
    /// - Throws: ``LaunchGateError/notDismissable`` for a blocking decision, or the store's error.
    public func recordDismissal(of decision: UpdateDecision) throws {
        guard let prompt = decision.prompt else { return }
        guard !decision.isBlocking else { throw LaunchGateError.notDismissable }
        try store.set(Self.encode(DismissalRecord(key: prompt.throttleKey, dismissedAt: now())), forKey: dismissalKey)
    }

    /// When the policy was last fetched successfully, if ever.
    public var lastSuccessfulCheck: Date? {
        store.data(forKey: lastCheckKey).flatMap { try? JSONDecoder().decode(Date.self, from: $0) }
    }

    /// Records a successful check at the current time.
    /// - Throws: The store's error.
    public func recordSuccessfulCheck() throws {
        try store.set(try JSONEncoder().encode(now()), forKey: lastCheckKey)
    }

    /// Whether a re-check is due.
    /// - Parameter interval: The refresh interval; 0 means always.
    /// - Returns: `true` when never checked, when the interval has passed, or when the clock moved back.
    public func isCheckDue(interval: TimeInterval) -> Bool {
        guard let last = lastSuccessfulCheck else { return true }
        let current = now()
        return current < last || current.timeIntervalSince(last) >= interval
    }

    private var dismissal: DismissalRecord? {
        store.data(forKey: dismissalKey).flatMap { try? JSONDecoder().decode(DismissalRecord.self, from: $0) }
    }

    private static func encode(_ record: DismissalRecord) throws -> Data { try JSONEncoder().encode(record) }
}
