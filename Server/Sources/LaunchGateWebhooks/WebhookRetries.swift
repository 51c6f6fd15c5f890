import Foundation

/// When a failed delivery is tried again: after 5 s, 1 min, 5 min, 30 min, 2 h, 5 h, 8 h and 8 h,
/// about a day in all (the Standard Webhooks guide's schedule, shortened to end within a day);
/// after the ninth attempt fails, the delivery is failed for good and can be sent again with
/// `launchgate webhooks redeliver`.
public enum WebhookRetries {
    /// The waits after attempt 1, 2, … in seconds.
    public static let delays: [TimeInterval] = [5, 60, 300, 1800, 7200, 18000, 28800, 28800]

    /// The wait after attempt `attempt` failed, or `nil` when it was the last.
    public static func delay(afterAttempt attempt: Int) -> TimeInterval? {
        (1...delays.count).contains(attempt) ? delays[attempt - 1] : nil
    }
}
