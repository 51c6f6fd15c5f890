import Foundation
import Synchronization

import NIOCore

/// The `Date` response header, formatted at most once a second.
final class HTTPDateHeader: Sendable {
    private let cached = Mutex<(second: Int, text: String)>((0, ""))
    private let cachedLine = Mutex<(second: Int, line: ByteBuffer)>((0, ByteBuffer()))

    /// `date: …` and the blank line that ends the headers, as bytes for the fast path.
    var line: ByteBuffer {
        let second = Int(Date().timeIntervalSince1970)
        if let line = cachedLine.withLock({ $0.second == second ? $0.line : nil }) { return line }
        let line = ByteBuffer(string: "date: \(value)\r\n\r\n")
        cachedLine.withLock { $0 = (second, line) }
        return line
    }

    var value: String {
        let now = Date()
        let second = Int(now.timeIntervalSince1970)
        return cached.withLock { cached in
            if cached.second != second {
                cached = (second, now.formatted(Date.VerbatimFormatStyle(
                    format: "\(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .defaultDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) GMT",
                    locale: Locale(identifier: "en_US_POSIX"), timeZone: .gmt, calendar: Calendar(identifier: .gregorian))))
            }
            return cached.text
        }
    }
}
