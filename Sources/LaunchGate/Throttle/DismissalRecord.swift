import Foundation

/// The last dismissed prompt and when, as stored.
struct DismissalRecord: Codable, Hashable {
    /// ``UpdatePrompt/throttleKey`` of the dismissed prompt.
    var key: String
    /// When it was dismissed, by the wall clock at the time.
    var dismissedAt: Date
}
