import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The console's dates come from shared format styles instead of a formatter made per call; the
/// text is what every page showed before.
@Suite("Console figures: dates in UTC, for people and for machines")
struct ConsoleFiguresTests {
    @Test("a date reads 2026-11-18 11:06:40 UTC on pages and 2026-11-18T11:06:40Z in a datetime attribute, whatever the machine's zone")
    func dates() {
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        #expect(ConsoleFigures.date(date) == "2026-11-18 11:06:40 UTC")
        #expect(ConsoleFigures.iso(date) == "2026-11-18T11:06:40Z")
    }
}
