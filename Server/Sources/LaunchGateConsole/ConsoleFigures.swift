import Foundation
import LaunchGateStorage

/// How the console writes dates, counts and shares: one format everywhere, so a figure shown on
/// two pages reads the same. Counts and shares are ``FigureText``'s, the formats of the impact's
/// sentences and the CLI too, so the console's tables, the impact sentence and the API's text agree.
enum ConsoleFigures {
    /// Dates as people read them: a value type, so one serves every request at once.
    private static let readable = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().dateSeparator(.dash)
        .dateTimeSeparator(.space).time(includingFractionalSeconds: false).timeSeparator(.colon)
    /// Dates for machines: `2026-11-20T14:03:00Z`.
    private static let machine = Date.ISO8601FormatStyle(timeZone: .gmt)

    /// `2026-11-20 14:03:00 UTC`.
    package static func date(_ date: Date) -> String {
        readable.format(date) + " UTC"
    }

    /// The machine-readable time for a `<time datetime>`.
    static func iso(_ date: Date) -> String {
        machine.format(date)
    }

    /// A count with thousands grouped: `1,240`.
    package static func count(_ value: Int) -> String {
        FigureText.grouped(value)
    }

    /// A share (0…1) as a percentage: `23.3 %`.
    package static func percent(_ share: Double) -> String {
        FigureText.percent(share)
    }
}
