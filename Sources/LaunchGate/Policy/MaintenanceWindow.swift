import Foundation

/// A time when the app's service is down on purpose: from ``start`` until ``end``, every install
/// on the platform sees a blocking maintenance screen instead of the app.
///
/// ```json
/// "maintenance": {"start": "2026-12-01T02:00:00Z", "end": "2026-12-01T04:00:00Z",
///                 "message": "We're moving to a new data centre.", "url": "https://status.example.com"}
/// ```
///
/// A window may be published ahead of its start: clients hold it and show the screen when it
/// begins, and re-check when it ends (see ``UpdateMonitor``).
public struct MaintenanceWindow: Sendable, Hashable, Codable {
    /// When the screen starts to show.
    public var start: Date
    /// When it stops showing; `nil` keeps it up until a new policy removes the window.
    public var end: Date?
    /// What users are told: why, and when to come back.
    public var message: String
    /// A page with more (a status page); `https` only, opened by the screen's one button.
    /// `nil` shows no button.
    public var url: URL?

    /// Creates a window.
    /// - Parameters:
    ///   - start: When it begins.
    ///   - end: When it ends; `nil` for open-ended.
    ///   - message: What users are told.
    ///   - url: A status page, `https` only.
    public init(start: Date, end: Date? = nil, message: String, url: URL? = nil) {
        self.start = start
        self.end = end
        self.message = message
        self.url = url
    }

    /// Whether the window covers a moment: from its start, inclusive, to its end, exclusive.
    /// - Parameter date: The moment asked about.
    /// - Returns: `true` during the window.
    public func contains(_ date: Date) -> Bool {
        guard date >= start else { return false }
        guard let end else { return true }
        return date < end
    }

    /// The next moment after `date` at which ``contains(_:)`` changes: the start when it is
    /// ahead, the end while the window runs, and `nil` once nothing is left to change.
    /// - Parameter date: The moment to count from.
    /// - Returns: The next boundary, or `nil`.
    public func nextBoundary(after date: Date) -> Date? {
        if date < start { return start }
        if let end, date < end { return end }
        return nil
    }
}

extension MaintenanceWindow {
    /// The window's publishing rules: an end after the start, a message within the limit, and a
    /// link under the update URL's rules but `https` only (a status page is a web page). A blank
    /// message is a publishing rule only: a client shows its default words instead.
    func validate(path: String, rules: UpdatePolicy.Rules) -> [PolicyIssue] {
        var issues: [PolicyIssue] = []
        func issue(_ field: String, _ reason: String) { issues.append(PolicyIssue(field: "\(path).\(field)", reason: reason)) }
        if let end, end <= start {
            issue("end", "the window ends at or before it starts; give an end after the start, or none for an open-ended window")
        }
        if rules == .publishing, message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            issue("message", "say what users are told, such as why and when to come back")
        } else if message.utf8.count > PolicyLimits.message {
            issue("message", "the message is \(message.utf8.count) bytes; the limit is \(PolicyLimits.message)")
        }
        if let url, let problem = PlatformPolicy.linkProblem(url, schemes: PolicyLimits.maintenanceURLSchemes) {
            issue("url", problem)
        }
        return issues
    }
}
