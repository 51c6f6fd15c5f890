import Foundation

/// At most `limit` events in any sliding window of `window` seconds.
///
/// Sliding, not fixed: a fixed hour lets 2 × limit through across its boundary, which would break
/// bounds such as "no address guessed more than 25 times an hour".
public struct RateLimitRule: Sendable, Hashable, Codable {
    /// The most events allowed in any window.
    public var limit: Int
    /// The window's length, in seconds.
    public var window: TimeInterval

    /// Creates a rule.
    public init(limit: Int, window: TimeInterval) {
        self.limit = limit
        self.window = window
    }

    /// How long until one more event fits, given the times of the events recorded so far
    /// (any order, older ones ignored). - Returns: `nil` when it fits now.
    public func wait(after events: [Date], at now: Date) -> TimeInterval? {
        let recent = events.filter { now.timeIntervalSince($0) < window }.sorted()
        guard recent.count >= limit else { return nil }
        // Once the oldest (count - limit + 1) recent events leave the window, one more fits.
        guard limit > 0 else { return window }
        let leaving = recent[recent.count - limit]
        return max(0, leaving.timeIntervalSince(now) + window)
    }
}
