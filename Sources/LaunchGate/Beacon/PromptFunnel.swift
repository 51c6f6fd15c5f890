import Foundation

/// Counts, per policy revision, what the update prompts did: which were shown, how often people
/// tapped Update Now, closed a banner or skipped a recommended screen. ``InstallBeacon`` sends the
/// counts with its daily ping, so the server can tell whether a policy's prompt worked.
///
/// Bounded in the store: at most ``maximumRevisions`` revisions (the least recently counted is
/// dropped first; ``FunnelReport`` lists them in that order) and
/// ``maximumCount`` of each event per revision until a ping is accepted, which the beacon sends
/// at most once a day. Counts are removed only once the server has accepted them.
/// ``UpdateMonitor`` keeps one only while ``UpdateMonitor/Configuration/sendsInstallBeacon`` is on:
/// turning the beacon off turns the funnel off.
public struct PromptFunnel: Sendable {
    /// What is counted.
    public enum Event: String, Sendable, Hashable, CaseIterable, Codable {
        /// The update banner appeared.
        case banner
        /// The banner's details dialog opened.
        case details
        /// A recommended-update screen appeared.
        case recommended
        /// A required-update (blocking) screen appeared.
        case required
        /// Update Now was tapped.
        case update
        /// A banner or its dialog was closed.
        case dismissed
        /// A recommended-update screen was skipped with Not Now.
        case notNow
    }

    /// The most revisions kept at once.
    public static let maximumRevisions = 4
    /// The highest count of one event per revision between two accepted pings.
    public static let maximumCount = 50

    private let store: any KeyValueStore
    private let key: String

    /// Creates a funnel.
    /// - Parameters:
    ///   - store: Where the counts are kept until a ping is accepted.
    ///   - keyPrefix: The store key prefix (``UpdateMonitor/Configuration/storeKeyPrefix``).
    public init(store: any KeyValueStore, keyPrefix: String = "launchgate") {
        self.store = store
        key = keyPrefix + ".funnel"
    }

    /// The monitor and the beacon's detached task both write the counts: one lock for every
    /// read-modify-write, so no count is lost between them.
    private static let lock = NSLock()

    /// Counts one event for a revision; nothing when the revision is unknown.
    /// - Parameters:
    ///   - event: What happened.
    ///   - revision: The policy revision the prompt came from, or `nil` (then nothing is counted).
    ///   - channel: The channel that revision was published on (``PolicySubject/channel``):
    ///     revisions are numbered per channel.
    public func record(_ event: Event, revision: Int?, channel: ReleaseChannel = .production) {
        guard let revision else { return }
        update { revisions in
            // Kept in order of last use, the one counted now last. Numbers can't order them:
            // revisions are numbered per channel, and beta's 40 is not newer than production's 3.
            var counts = FunnelCounts(revision: revision, channel: channel)
            if let index = revisions.firstIndex(where: { $0.revision == revision && $0.channel == channel }) {
                counts = revisions.remove(at: index)
            }
            counts[event] = min(counts[event] + 1, Self.maximumCount)
            revisions.append(counts)
            // The least recently counted goes first: its prompts are no longer shown.
            if revisions.count > Self.maximumRevisions { revisions.removeFirst(revisions.count - Self.maximumRevisions) }
        }
    }

    /// What is waiting to be sent, or `nil` when there is nothing.
    public func pending() -> FunnelReport? {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        let report = FunnelReport(revisions: load())
        return report.isEmpty ? nil : report
    }

    /// Removes counts the server accepted, keeping any counted since they were read.
    /// - Parameter sent: What was sent.
    public func remove(_ sent: FunnelReport) {
        update { revisions in
            for counts in sent.revisions {
                guard let index = revisions.firstIndex(where: { $0.revision == counts.revision && $0.channel == counts.channel }) else { continue }
                for event in Event.allCases { revisions[index][event] = max(0, revisions[index][event] - counts[event]) }
            }
            revisions.removeAll(where: \.isEmpty)
        }
    }

    private func update(_ change: (inout [FunnelCounts]) -> Void) {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        var revisions = load()
        change(&revisions)
        // A store that can't be written loses counts, never the app's launch.
        try? store.set(revisions.isEmpty ? nil : try? JSONEncoder().encode(FunnelReport(revisions: revisions)), forKey: key)
    }

    /// The stored counts; damaged bytes read as none.
    private func load() -> [FunnelCounts] {
        guard let data = store.data(forKey: key), let report = try? JSONDecoder().decode(FunnelReport.self, from: data) else { return [] }
        return report.revisions
    }
}
