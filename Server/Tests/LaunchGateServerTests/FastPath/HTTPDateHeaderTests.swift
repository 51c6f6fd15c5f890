import Foundation
import NIOCore
import Testing
@testable import LaunchGateServer

@Suite("The fast path's Date header")
struct HTTPDateHeaderTests {
    @Test("the default clock reads the system's wall clock to the second")
    func systemClock() {
        let before = Int(Date().timeIntervalSince1970.rounded(.down))
        let second = HTTPDateHeader().second
        let after = Int(Date().timeIntervalSince1970.rounded(.down))
        // time() may lag a full clock read by a scheduler tick, so it can show the second before.
        #expect(second >= before - 1 && second <= after, "\(second) outside \(before - 1)...\(after)")
    }

    @Test("an injected clock pins the header, formatted as RFC 9110's IMF-fixdate")
    func pinned() {
        let header = HTTPDateHeader(now: { Date(timeIntervalSince1970: 1_795_330_752.9) })
        #expect(header.second == 1_795_330_752)
        var line = header.line(second: header.second)
        #expect(line.readString(length: line.readableBytes) == "date: Sun, 22 Nov 2026 06:59:12 GMT\r\n\r\n")
    }
}
