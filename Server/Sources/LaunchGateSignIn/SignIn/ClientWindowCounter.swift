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
/// When the table is full, the client whose window began first is forgotten (its window ends
/// soonest, or has ended): a flood from more clients than the table holds can make some client
/// start a fresh window early, which is what a new address would give it anyway. Windows are
/// queued in the order they began, so finding that client costs the same however full the table
/// is; a scan of the whole table for each new client, under the lock every verify takes, cost
/// 0.57 ms a verify with 50,000 clients.
package final class ClientWindowCounter: Sendable {
    private struct Window { var start: Date; var count: Int }
    private struct Table {
        var windows: [String: Window] = [:]
        /// Each window in the order it began, from `head` on; an entry whose client has since
        /// begun another window, or was forgotten, is stale and skipped.
        var order: [(client: String, start: Date)] = []
        var head = 0
    }
    private let table = Mutex(Table())
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
        table.withLock { table in
            if var current = table.windows[client], now.timeIntervalSince(current.start) < window {
                guard current.count < limit else { return current.start.addingTimeInterval(window).timeIntervalSince(now) }
                current.count += 1
                table.windows[client] = current
                return nil
            }
            if table.windows[client] == nil, table.windows.count >= maximumClients { forgetFirst(in: &table) }
            table.windows[client] = Window(start: now, count: 1)
            table.order.append((client, now))
            compact(&table)
            return nil
        }
    }

    /// How long until `client`'s window allows one more request, without counting one.
    /// - Returns: `nil` when one more would be counted now; otherwise the seconds until its window ends.
    package func wait(_ client: String, at now: Date) -> TimeInterval? {
        table.withLock { table in
            guard let current = table.windows[client], now.timeIntervalSince(current.start) < window, current.count >= limit else { return nil }
            return current.start.addingTimeInterval(window).timeIntervalSince(now)
        }
    }

    /// Requests counted in `client`'s window now: 0 when it has none or it has ended.
    package func count(of client: String, at now: Date) -> Int {
        table.withLock { table in
            guard let current = table.windows[client], now.timeIntervalSince(current.start) < window else { return 0 }
            return current.count
        }
    }

    /// Seconds until `client`'s window ends: 0 when it has none or it has ended.
    package func endsIn(_ client: String, at now: Date) -> TimeInterval {
        table.withLock { table in
            guard let current = table.windows[client] else { return 0 }
            return max(0, current.start.addingTimeInterval(window).timeIntervalSince(now))
        }
    }

    /// Clients tracked now (for tests).
    package var count: Int { table.withLock { $0.windows.count } }

    /// Windows queued for forgetting, stale ones included (for tests).
    package var queued: Int { table.withLock { $0.order.count - $0.head } }

    /// Forgets the client whose window began first, skipping stale entries of the queue.
    private func forgetFirst(in table: inout Table) {
        while table.head < table.order.count {
            let (client, start) = table.order[table.head]
            table.head += 1
            if table.windows[client]?.start == start {
                table.windows[client] = nil
                return
            }
        }
    }

    /// Drops the queue's used and stale entries once they are most of it, so it stays within twice
    /// the table (each drop is paid for by the appends before it).
    private func compact(_ table: inout Table) {
        guard table.order.count > 2 * max(table.windows.count, 16) else { return }
        let live = table.order[table.head...].filter { table.windows[$0.client]?.start == $0.start }
        table.order = Array(live)
        table.head = 0
    }
}
