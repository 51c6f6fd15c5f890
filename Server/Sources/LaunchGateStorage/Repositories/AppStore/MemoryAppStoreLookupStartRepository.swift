import Foundation

/// Lookup starts in memory, for tests, `--memory` servers and a pacer with no database: the pace
/// of one process.
public actor MemoryAppStoreLookupStartRepository: AppStoreLookupStartRepository {
    /// Reserved starts, in milliseconds, as the SQL table keeps them.
    private var starts: [Int64] = []

    /// Creates an empty store.
    public init() {}

    public func reserve(now: @escaping @Sendable () -> Date, latest: Date, waits: Bool, limit: Int) -> Date? {
        let now = now().milliseconds
        let latest = waits ? latest : min(Date(milliseconds: now), latest)
        starts.removeAll { $0 <= now - AppStoreLookupPace.kept }
        let start = AppStoreLookupPace.earliestStart(now: now, starts: starts, limit: limit)
        guard start <= latest.milliseconds else { return nil }
        starts.append(start)
        return Date(milliseconds: start)
    }

    public func kept() -> Int { starts.count }
}
