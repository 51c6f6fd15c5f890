import Foundation
import LaunchGate
import LaunchGateTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

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
            let daily = try await server.components.installs.dailyVersions(appID: "notes", platform: .ios, fromDay: 0, limit: 10)
            #expect(daily.counts.map(\.installs) == [1, 1])
        }
    }

    @Test("a full table forgets its older half, not everything at once")
    func generations() {
        let recent = RecentSightings(capacity: 4)
        for hash in 1...5 { #expect(!recent.isRecent(hash, day: 0, now: 0, interval: 1_000)) }
        #expect(recent.isRecent(5, day: 0, now: 1, interval: 1_000))
        #expect(recent.isRecent(4, day: 0, now: 1, interval: 1_000), "the previous generation is still remembered")
        #expect(recent.isRecent(3, day: 0, now: 1, interval: 1_000))
        #expect(!recent.isRecent(1, day: 0, now: 1, interval: 1_000), "the oldest generation is forgotten")
    }

    @Test("sightings whose write failed are written at the next fold, not after the rewrite interval")
    func retryAfterFailure() async throws {
        let base = try await TestServer.make()
        let stored = MemoryInstallRepository()
        let components = ServerComponents(database: nil, repository: base.components.repository, installs: FlakyInstalls(stored, failures: 1),
                                          masterKey: try MasterKey(rawRepresentation: Data(repeating: 7, count: 32)))
        let header = InstallRecordingTests.header("flaky")
        components.recorder.note(app: "notes", header: header)
        #expect(await components.recorder.fold() == 0, "the database was down")
        components.recorder.note(app: "notes", header: header)
        #expect(await components.recorder.fold() == 1, "written again at once")
        #expect(await stored.groups(appID: "notes", platform: nil, fromDay: 0).map(\.installs) == [1])
    }

    @Test("once a write fails, the rest of that fold is not tried, and all of it, repeats included, is written at the next fold")
    func failedFoldStops() async throws {
        let base = try await TestServer.make()
        let stored = MemoryInstallRepository()
        let flaky = FlakyInstalls(stored, failures: 1)
        var adoption = AdoptionConfiguration()
        adoption.sightingsPerTransaction = 2
        let components = ServerComponents(database: nil, repository: base.components.repository, installs: flaky, adoption: adoption,
                                          masterKey: try MasterKey(rawRepresentation: Data(repeating: 7, count: 32)))
        let headers = (1...6).map { InstallRecordingTests.header("down-\($0)") }
        for header in headers + headers { components.recorder.note(app: "notes", header: header) }
        #expect(await components.recorder.fold() == 0, "the database was down")
        #expect(flaky.attempts == 1, "three batches, but only the first was tried")
        for header in headers { components.recorder.note(app: "notes", header: header) }
        #expect(await components.recorder.fold() == 6, "every install written at the next fold")
        #expect(await stored.groups(appID: "notes", platform: nil, fromDay: 0).map(\.installs).reduce(0, +) == 6)
    }

    @Test("a sighting counts on the UTC day of its request, even when the fold comes after midnight")
    func requestDay() async throws {
        let midnight = Date(timeIntervalSince1970: Double(InstallDay.of(Samples.now) + 1) * 86_400)
        let clock = TestClock(midnight.addingTimeInterval(-1))
        try await TestServer.with(now: clock.now) { server async throws in
            server.components.recorder.note(app: "notes", header: InstallRecordingTests.header("late-evening"))
            clock.advance(by: 5)
            #expect(await server.components.recorder.fold() == 1)
            let groups = try await server.components.installs.groups(appID: "notes", platform: nil, fromDay: 0)
            #expect(groups.map(\.day) == [InstallDay.of(Samples.now)])
        }
    }
}
