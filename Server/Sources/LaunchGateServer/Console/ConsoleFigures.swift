import Foundation

/// How the console writes dates, counts and shares: one format everywhere, so a figure shown on
/// two pages reads the same. Counts and shares are the impact's own formats (``PolicyImpact``),
/// so the console's tables, the impact sentence and the API's text agree.
enum ConsoleFigures {
    /// `2026-11-20 14:03:00 UTC`.
    static func date(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        return formatter.string(from: date) + " UTC"
    }

    /// The machine-readable time for a `<time datetime>`.
    static func iso(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    /// A count with thousands grouped: `1,240`.
    static func count(_ value: Int) -> String {
        PolicyImpact.grouped(value)
    }

    /// A share (0…1) as a percentage: `23.3 %`.
    static func percent(_ share: Double) -> String {
        PolicyImpact.percent(share)
    }
}
