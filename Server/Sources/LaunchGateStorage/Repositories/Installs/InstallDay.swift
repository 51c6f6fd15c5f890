import Foundation
import LaunchGate

/// Days as stored: whole UTC days since 1970.
package enum InstallDay {
    package static let milliseconds: Int64 = 86_400_000

    /// The UTC day holding a time in milliseconds.
    package static func of(_ milliseconds: Int64) -> Int {
        Int(milliseconds >= 0 ? milliseconds / Self.milliseconds : (milliseconds - Self.milliseconds + 1) / Self.milliseconds)
    }

    /// The UTC day holding a date.
    package static func of(_ date: Date) -> Int { of(date.milliseconds) }

    /// The start of a day.
    package static func start(_ day: Int) -> Date { Date(milliseconds: Int64(day) * milliseconds) }
}
