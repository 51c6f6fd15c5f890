import Foundation
import Synchronization

/// The `Date` response header (RFC 9110 §6.6.1) for the hot path's answers, formatted at most
/// once a second. Hummingbird stamps its own answers from a cache of its own, which it does not
/// make public; both show the current second in the same format.
final class HTTPDateHeader: Sendable {
    private let seconds: @Sendable () -> Int
    private let cached = Mutex<(second: Int, text: String)>((.min, ""))

    /// - Parameter now: The wall clock; injected so tests can pin the header.
    init(now: @escaping @Sendable () -> Date) {
        seconds = { Int(now().timeIntervalSince1970.rounded(.down)) }
    }

    /// The system's wall clock, read in whole seconds with `time()`: it is read on every answer,
    /// and the header shows nothing finer.
    init() {
        seconds = { time(nil) }
    }

    /// `Sun, 22 Nov 2026 06:59:12 GMT` for the current second.
    var value: String {
        let second = seconds()
        if let text = cached.withLock({ $0.second == second ? $0.text : nil }) { return text }
        let text = Date(timeIntervalSince1970: TimeInterval(second)).formatted(Self.style)
        cached.withLock { $0 = (second, text) }
        return text
    }

    private static let style = Date.VerbatimFormatStyle(
        format: "\(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .defaultDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) GMT",
        locale: Locale(identifier: "en_US_POSIX"), timeZone: .gmt, calendar: Calendar(identifier: .gregorian))
}
