import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("The hot path's Date header")
struct HTTPDateHeaderTests {
    @Test("the default clock reads the system's wall clock to the second")
    func systemClock() throws {
        let before = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down) - 1)
        let shown = try Date(HTTPDateHeader().value, strategy: Date.ParseStrategy(
            format: "\(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .defaultDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) GMT",
            locale: Locale(identifier: "en_US_POSIX"), timeZone: .gmt))
        // time() may lag a full clock read by a scheduler tick, so it can show the second before.
        #expect(shown >= before && shown <= Date(), "\(shown)")
    }

    @Test("an injected clock pins the header, formatted as RFC 9110's IMF-fixdate")
    func pinned() {
        let header = HTTPDateHeader(now: { Date(timeIntervalSince1970: 1_795_330_752.9) })
        #expect(header.value == "Sun, 22 Nov 2026 06:59:12 GMT")
    }
}
