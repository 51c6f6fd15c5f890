import Foundation
import LaunchGate
import Synchronization

/// Accepted pings waiting for the next fold, held in memory so a ping costs its request no
/// database write. Bounded: past ``capacity`` a ping is dropped, as the install buffer drops
/// sightings, and the SDK's counts are lost for that day rather than the server's memory grown.
package final class FunnelBuffer: Sendable {
    /// One accepted ping, before its install ID is hashed.
    package struct Entry: Sendable {
        package var app: String
        package var platform: Platform
        package var installID: String
        package var version: String
        package var day: Int
        package var counts: [FunnelCounts]
    }

    /// The most pings held at once.
    package let capacity: Int
    private let entries = Mutex<[Entry]>([])

    package init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// Adds a ping. - Returns: `false` when the buffer was full and it was dropped.
    @discardableResult
    package func append(_ entry: Entry) -> Bool {
        entries.withLock { entries in
            guard entries.count < capacity else { return false }
            entries.append(entry)
            return true
        }
    }

    /// Takes every ping held.
    package func drain() -> [Entry] {
        entries.withLock { entries in
            defer { entries = [] }
            return entries
        }
    }

    /// Whether it holds half its capacity or more, when a fold should not wait.
    package var isHalfFull: Bool { entries.withLock { $0.count * 2 >= capacity } }
}
