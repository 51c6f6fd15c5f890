import Foundation
import Synchronization

/// Decides when a token's use is written: at most once per ``interval`` per token, so a client
/// that sends a request a millisecond costs one write a minute, not one per request.
///
/// The table holds one time per token used on this instance; tokens are made by admins, not by
/// requests, and it is emptied at ``maximumTokens`` anyway (the next use of each is written again).
package final class TokenUseThrottle: Sendable {
    /// The least time between two writes of one token's use.
    package let interval: TimeInterval
    /// The most tokens remembered.
    let maximumTokens: Int
    private let written = Mutex<[String: Date]>([:])

    /// Creates a throttle.
    package init(interval: TimeInterval = 60, maximumTokens: Int = 10_000) {
        self.interval = interval
        self.maximumTokens = maximumTokens
    }

    /// Whether the use of `id` at `now` is to be written; when it is, it counts as written.
    func shouldWrite(_ id: String, at now: Date) -> Bool {
        written.withLock { written in
            if let last = written[id], now.timeIntervalSince(last) < interval, now >= last { return false }
            if written[id] == nil, written.count >= maximumTokens { written.removeAll() }
            written[id] = now
            return true
        }
    }
}
