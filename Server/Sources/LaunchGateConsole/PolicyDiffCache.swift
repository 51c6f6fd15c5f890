import Foundation
import LaunchGate
import LaunchGateStorage
import Synchronization

/// Diffs the history pages have computed, so paging through a history of big policies parses and
/// diffs each pair of revisions once rather than on every view.
///
/// A revision never changes once published, so a diff is keyed by app, channel and the two
/// revisions (number and publish time, so an app made again under the same ID can't meet an old
/// diff). Bounded by entries and by the bytes of the lines held, whatever the documents: the
/// least recently used go first, and a diff bigger than the whole budget is not kept.
package final class PolicyDiffCache: Sendable {
    /// What identifies one diff.
    package struct Key: Hashable, Sendable {
        package let app: String
        package let channel: String
        /// The older revision's number and time; 0 and nil for the first revision's diff.
        package let from: Int
        let fromIssued: Date?
        package let to: Int
        let toIssued: Date
    }

    private struct Entry {
        let lines: [PolicyDiff.Line]
        let bytes: Int
        var used: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    /// The most diffs kept.
    let maximumEntries: Int
    /// The most bytes of diff lines kept, counted as their UTF-8 plus a fixed cost per line.
    package let maximumBytes: Int
    private let state = Mutex(State())

    /// Creates an empty cache.
    /// - Parameters:
    ///   - maximumEntries: The most diffs kept; 200 is ten history pages.
    ///   - maximumBytes: The most bytes of lines kept; 16 MB.
    package init(maximumEntries: Int = 200, maximumBytes: Int = 16 << 20) {
        self.maximumEntries = max(0, maximumEntries)
        self.maximumBytes = max(0, maximumBytes)
    }

    /// The diff from `previous` to `revision`, computed once and then served from the cache.
    package func lines(app: String, channel: ReleaseChannel, from previous: PolicyRevision?, to revision: PolicyRevision,
               compute: () -> [PolicyDiff.Line]) -> [PolicyDiff.Line] {
        let key = Key(app: app, channel: channel.rawValue, from: previous?.number ?? 0, fromIssued: previous?.issuedAt,
                      to: revision.number, toIssued: revision.issuedAt)
        if let hit = cached(key) { return hit }
        let lines = compute()
        store(lines, for: key)
        return lines
    }

    /// How many diffs and bytes are kept (for tests).
    package var usage: (entries: Int, bytes: Int) { state.withLock { ($0.entries.count, $0.bytes) } }

    /// What a diff counts against ``maximumBytes``.
    package static func cost(of lines: [PolicyDiff.Line]) -> Int {
        lines.reduce(0) { $0 + $1.text.utf8.count + 48 }
    }

    private func cached(_ key: Key) -> [PolicyDiff.Line]? {
        state.withLock { state in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.used = state.clock
            state.entries[key] = entry
            return entry.lines
        }
    }

    private func store(_ lines: [PolicyDiff.Line], for key: Key) {
        let bytes = Self.cost(of: lines)
        guard maximumEntries > 0, bytes <= maximumBytes else { return }
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.bytes }
            // Eviction scans the table, which holds at most maximumEntries: cheap next to a diff.
            while !state.entries.isEmpty, state.entries.count >= maximumEntries || state.bytes + bytes > maximumBytes {
                guard let oldest = state.entries.min(by: { $0.value.used < $1.value.used }) else { break }
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.bytes
            }
            state.clock += 1
            state.entries[key] = Entry(lines: lines, bytes: bytes, used: state.clock)
            state.bytes += bytes
        }
    }
}
