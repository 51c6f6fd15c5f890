import Foundation

/// What the seed documents share when rendered: the encoder the server has always used for them,
/// and the date format version.json uses.
enum SeedRendering {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A calendar day in UTC, as version.json writes `releaseDate`.
    static func day(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
    }
}
