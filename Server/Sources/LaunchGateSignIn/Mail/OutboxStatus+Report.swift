import Foundation
import LaunchGateStorage

extension OutboxStatus {
    /// The lines `launchgate mail status` prints: messages per state, the oldest waiting one and
    /// its age, and the permanent failures, newest first. Everything that came from outside (the
    /// mail server's error above all) goes through ``TerminalText/printable(_:)``.
    /// - Parameter now: The time the age is counted to, from the caller's clock.
    /// - Returns: One string per line, without line ends.
    public func report(now: Date) -> [String] {
        var lines = OutboxMessage.State.allCases.map { "\($0.rawValue):\t\(counts[$0.rawValue] ?? 0)" }
        if let oldest = oldestPendingAt {
            lines.append("oldest waiting since \(oldest.formatted(.iso8601)) (\(Int(now.timeIntervalSince(oldest))) s)")
        }
        if !failures.isEmpty { lines.append("permanent failures, newest first:") }
        for failure in failures {
            let fields = [failure.appID, failure.email, failure.lastError ?? ""].map { TerminalText.printable($0) }
            lines.append("  \((failure.finishedAt ?? failure.createdAt).formatted(.iso8601))\t" + fields.joined(separator: "\t"))
        }
        return lines
    }
}
