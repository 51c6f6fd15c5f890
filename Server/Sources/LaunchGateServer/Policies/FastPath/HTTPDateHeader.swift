import Foundation
import NIOCore
import Synchronization

/// The `Date` response header (RFC 9110 §6.6.1), formatted at most once a second.
final class HTTPDateHeader: Sendable {
    private let seconds: @Sendable () -> Int
    private let cached = Mutex<(second: Int, line: ByteBuffer)>((.min, ByteBuffer()))

    /// - Parameter now: The wall clock; injected so tests can pin the header.
    init(now: @escaping @Sendable () -> Date) {
        seconds = { Int(now().timeIntervalSince1970.rounded(.down)) }
    }

    /// The system's wall clock, read in whole seconds with `time()`: the fast path reads it on
    /// every answer, and the header shows nothing finer. It costs a fraction of a full clock
    /// read, and may lag one by a scheduler tick (a few milliseconds).
    init() {
        seconds = { time(nil) }
    }

    /// The current second since 1970, which is all the header shows.
    var second: Int { seconds() }

    /// `date: Sun, 22 Nov 2026 06:59:12 GMT` and the blank line that ends a head, as bytes.
    func line(second: Int) -> ByteBuffer {
        if let line = cached.withLock({ $0.second == second ? $0.line : nil }) { return line }
        let text = Date(timeIntervalSince1970: TimeInterval(second)).formatted(Self.style)
        let line = ByteBuffer(string: "date: \(text)\r\n\r\n")
        cached.withLock { $0 = (second, line) }
        return line
    }

    private static let style = Date.VerbatimFormatStyle(
        format: "\(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .defaultDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) GMT",
        locale: Locale(identifier: "en_US_POSIX"), timeZone: .gmt, calendar: Calendar(identifier: .gregorian))
}
