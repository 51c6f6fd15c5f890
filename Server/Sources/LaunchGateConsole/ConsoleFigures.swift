import Foundation
import LaunchGateStorage

/// How the console writes dates: one format everywhere, so a date shown on two pages reads the
/// same. Counts and shares are written with ``FigureText``, the formats of the impact's sentences
/// and the CLI too, so the console's tables, the impact sentence and the API's text agree.
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
}
