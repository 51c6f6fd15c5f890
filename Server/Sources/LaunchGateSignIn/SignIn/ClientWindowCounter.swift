import Foundation
import Synchronization

/// Counts one kind of request per client in memory: at most `limit` in a window that begins with
/// the client's first request, in a table of at most `maximumClients` clients.
///
/// For the per-client caps that must cost no stored row (issue 27, item 5: a row per client in the
/// database let a flood from many addresses, or one IPv6 block's many /64s, grow it without
/// bound). Each instance counts its own clients, so behind N instances a client gets N times the
/// cap; the bounds that hold for the whole deployment (per code, per address, the lock) are
/// counted in the database.
///
/// When the table is full, clients whose window has ended are forgotten first and then the one
/// whose window ends soonest: a flood from more clients than the table holds can make some client
/// start a fresh window early, which is what a new address would give it anyway.
package final class ClientWindowCounter: Sendable {
    private struct Window { var start: Date; var count: Int }
    private let windows = Mutex<[String: Window]>([:])
    /// Requests a client may make per window.
    package let limit: Int
    /// Seconds a window lasts.
    package let window: TimeInterval
    /// Clients the table holds at most.
    package let maximumClients: Int

    /// Creates a counter.
    /// - Parameters:
    ///   - limit: Requests per window; 1 or more.
    ///   - window: Seconds.
    ///   - maximumClients: The table's size: about 100 bytes each.
    package init(limit: Int, window: TimeInterval, maximumClients: Int = 50_000) {
        self.limit = max(1, limit)
        self.window = window
        self.maximumClients = max(1, maximumClients)
    }

    /// Counts one request from `client` if its window allows one more.
    /// - Returns: `nil` when counted; otherwise the seconds until the window ends (nothing counted).
    package func record(_ client: String, at now: Date) -> TimeInterval? {
        windows.withLock { windows in
            if var current = windows[client], now.timeIntervalSince(current.start) < window {
                guard current.count < limit else { return current.start.addingTimeInterval(window).timeIntervalSince(now) }
                current.count += 1
                windows[client] = current
                return nil
            }
            if windows[client] == nil, windows.count >= maximumClients { makeRoom(in: &windows, at: now) }
            windows[client] = Window(start: now, count: 1)
            return nil
        }
    }

    /// Clients tracked now (for tests).
    package var count: Int { windows.withLock { $0.count } }

    private func makeRoom(in windows: inout [String: Window], at now: Date) {
        windows = windows.filter { now.timeIntervalSince($0.value.start) < window }
        guard windows.count >= maximumClients, let soonest = windows.min(by: { $0.value.start < $1.value.start }) else { return }
        windows[soonest.key] = nil
    }
}
