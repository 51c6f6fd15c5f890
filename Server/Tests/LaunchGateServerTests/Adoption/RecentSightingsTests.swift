import Foundation
import LaunchGate
import LaunchGateTesting
import Testing
@testable import LaunchGateServer

@Suite("Repeated sightings of one install are written once per rewrite interval and once per day")
struct RecentSightingsTests {
    @Test("the same header within ten minutes is not written again; after ten minutes, or on a new day, it is")
    func rewrites() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: Double(InstallDay.of(Samples.now)) * 86_400 + 3_600))
        try await TestServer.with(now: clock.now) { server async throws in
            let recorder = server.components.recorder
            let header = InstallRecordingTests.header("repeat")
            func noteAndFold() async -> Int {
                recorder.note(app: "notes", header: header)
                return await recorder.fold()
            }
            #expect(await noteAndFold() == 1)
            clock.advance(by: 599)
            #expect(await noteAndFold() == 0)
            clock.advance(by: 1)
            #expect(await noteAndFold() == 1)
            clock.advance(by: 86_400 - 600)
            #expect(await noteAndFold() == 1, "a new day counts the install on it")
            let daily = try await server.components.installs.dailyVersions(appID: "notes", platform: .ios, fromDay: 0)
            #expect(daily.map(\.installs) == [1, 1])
        }
    }
}
