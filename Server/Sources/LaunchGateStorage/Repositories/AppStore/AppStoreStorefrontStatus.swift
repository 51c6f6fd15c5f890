import Foundation

/// How one storefront of a link last fared: what `launchgate appstore status`, the admin API and
/// the console show on its row, and what the next poll starts from (the storefronts asked longest
/// ago first). Kept in the database, so `launchgate appstore sync` (a process of its own) and
/// another instance carry on where the last poll stopped (attack s14, 5 and 10).
public struct AppStoreStorefrontStatus: Sendable, Hashable {
    /// When a poll last asked it (it answered or failed); `nil` when never, so it goes first.
    public var lastPollAt: Date?
    /// When it last gave a valid answer.
    public var lastAnswerAt: Date?
    /// What it last answered: a version, or that the App Store has no such app in it.
    public var lastAnswer: String?
    /// Why its last lookup gave nothing to publish; `nil` after an answer.
    public var lastError: String?
    /// The first of the "no such app" answers it has given in a row; `nil` when its last answer found the app.
    public var missingSince: Date?
    /// How many "no such app" answers in a row.
    public var missingPolls: Int
    /// When its version was withdrawn from the policy's `storefronts` for saying "no such app"
    /// long enough; `nil` while it is published. It comes back as a fresh storefront when it finds the app.
    public var withdrawnAt: Date?

    /// What the last answer is when the lookup found no app.
    public static let noSuchApp = "no such app"

    /// Creates a storefront's status.
    /// - Parameters:
    ///   - lastPollAt: When it was last asked.
    ///   - lastAnswerAt: When it last answered.
    ///   - lastAnswer: What it last answered.
    ///   - lastError: Its last error.
    ///   - missingSince: The first "no such app" of the current run.
    ///   - missingPolls: "No such app" answers in a row.
    ///   - withdrawnAt: When it was withdrawn from `storefronts`.
    public init(lastPollAt: Date? = nil, lastAnswerAt: Date? = nil, lastAnswer: String? = nil, lastError: String? = nil,
                missingSince: Date? = nil, missingPolls: Int = 0, withdrawnAt: Date? = nil) {
        self.lastPollAt = lastPollAt
        self.lastAnswerAt = lastAnswerAt
        self.lastAnswer = lastAnswer
        self.lastError = lastError
        self.missingSince = missingSince
        self.missingPolls = missingPolls
        self.withdrawnAt = withdrawnAt
    }

    /// What it last answered, for a status row: the version, or how long it has said "no such app" and whether it was withdrawn for it.
    /// - Parameter date: How the row writes a time.
    public func answer(date: (Date) -> String) -> String {
        guard let since = missingSince else { return lastAnswer ?? "-" }
        let run = "\(Self.noSuchApp), \(missingPolls) \(missingPolls == 1 ? "poll" : "polls") since \(date(since))"
        return withdrawnAt.map { "\(run); withdrawn from storefronts at \(date($0))" } ?? run
    }
}
