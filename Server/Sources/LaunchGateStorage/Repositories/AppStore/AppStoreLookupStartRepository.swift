import Foundation

/// Where every App Store lookup's start is reserved before it is asked, so that all the lookups of
/// every process and instance on one database (`serve`'s polls, the admin API's, the console's and
/// the CLI's syncs) keep to one pace: at most a limit start in any 60 seconds (attack s15b, 1 and 2).
/// A reservation is one short write transaction, serialized with every other (SQLite's writer lock;
/// a transaction-scoped advisory lock on PostgreSQL), which deletes the starts two minutes old
/// (``AppStoreLookupPace/kept``), so the store holds about two minutes' lookups.
public protocol AppStoreLookupStartRepository: Sendable {
    /// Reserves the earliest start at or after now that keeps every 60 seconds to at most `limit`
    /// starts, those reserved by anyone included (``AppStoreLookupPace/earliestStart(now:starts:limit:)``),
    /// if it is no later than `latest`.
    /// - Parameters:
    ///   - now: The wall clock, read once the reservation holds its lock (review s16, P2): a
    ///     reservation that waited for another starts from when it got its turn, not from before, so
    ///     none is stored in the past where the minute it belongs to would miss it.
    ///   - latest: The last start the caller can use.
    ///   - waits: Whether the caller may wait for the pace; one that doesn't takes only a start at now.
    ///   - limit: The most starts in any 60 seconds this caller may add to: a scheduled poll's
    ///     is smaller than a sync's (``AppStoreLookupPace``), so polls leave room for operators.
    /// - Returns: The start reserved; `nil`, reserving nothing, when it would be after `latest` (or now).
    func reserve(now: @escaping @Sendable () -> Date, latest: Date, waits: Bool, limit: Int) async throws -> Date?
    /// How many starts are kept, older ones included until the next reservation deletes them.
    func kept() async throws -> Int
}

extension AppStoreLookupStartRepository {
    /// Reserves a start at or after the fixed moment `now`, no later than `latest`.
    public func reserve(now: Date, latest: Date, limit: Int) async throws -> Date? {
        try await reserve(now: { now }, latest: latest, waits: true, limit: limit)
    }
}

/// The pace's rule over starts in milliseconds: a start fits when no 60 seconds holding it hold
/// `limit` other starts, so two starts exactly a minute apart are in no window together.
public enum AppStoreLookupPace {
    /// A minute in milliseconds.
    public static let minute: Int64 = 60_000
    /// How long a start is kept, in milliseconds: two minutes, though only the last one counts, so
    /// an instance whose clock is up to a minute behind another's still counts the starts the other
    /// reserved rather than finding them deleted.
    public static let kept: Int64 = 2 * minute

    /// The earliest moment at or after `now` at which one more start fits among `starts`.
    /// Starts at or before `now` less a minute don't count.
    public static func earliestStart(now: Int64, starts: [Int64], limit: Int) -> Int64 {
        let limit = max(limit, 1)
        // A start stops counting against a moment a minute after it, so the earliest fit is now or one of those.
        let candidates = ([now] + starts.map { $0 + minute }.filter { $0 > now }).sorted()
        return candidates.first { fits($0, among: starts, limit: limit) } ?? (starts.max() ?? now) + minute
    }

    /// Whether a start at `moment` keeps every 60 seconds holding it to `limit` starts: the fullest
    /// such window begins at `moment` or at a start in the minute before it.
    static func fits(_ moment: Int64, among starts: [Int64], limit: Int) -> Bool {
        let near = starts.filter { $0 > moment - minute && $0 < moment + minute }
        return ([moment] + near.filter { $0 <= moment }).allSatisfy { begin in
            near.count(where: { $0 >= begin && $0 < begin + minute }) < limit
        }
    }
}
