import Foundation

/// How many accounts of an app were deleted on one UTC day, and by whom: the only trace a
/// deletion leaves, since a row per deleted user, even without its address, would pair with its
/// sign-in times and the server's logs to name the person again (docs/console.md).
public struct DailyDeletions: Sendable, Hashable {
    /// The start of the UTC day.
    public var day: Date
    /// Who deleted them.
    public var requester: DeletionRequester
    /// How many accounts.
    public var count: Int

    /// Creates a day's count.
    public init(day: Date, requester: DeletionRequester, count: Int) {
        self.day = day
        self.requester = requester
        self.count = count
    }
}
