import Foundation

/// A rate-limit key's recent event times, as `rate_limit_keys.times` holds them: each as 13
/// digits of milliseconds since 1970 (enough until the year 2286), oldest first, with nothing
/// between them.
///
/// Fixed-width digits keep the SQL the same on SQLite and PostgreSQL: the n-th newest time is a
/// `substr` from the end, and keeping the newest n is a `substr` too (``SQLSignInRepository``'s
/// `charge`). A key keeps as many times as its largest limit, so it stores at most 13 bytes per
/// event its rules allow, whatever is sent.
enum RateLimitTimes {
    /// Digits per time.
    package static let width = 13

    /// One time as stored; times before 1970 are stored as 1970.
    package static func stamp(_ date: Date) -> String {
        let digits = String(min(max(date.milliseconds, 0), 9_999_999_999_999))
        return String(repeating: "0", count: width - digits.count) + digits
    }

    /// The times a stored text holds, in the order stored.
    static func dates(_ text: String) -> [Date] {
        let bytes = Array(text.utf8)
        return stride(from: 0, to: bytes.count - width + 1, by: width).compactMap { start in
            Int64(String(decoding: bytes[start..<start + width], as: UTF8.self)).map(Date.init(milliseconds:))
        }
    }
}
