import Foundation
@_spi(LaunchGateServer) import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Issue 27, item 4, through the recorder: a minute of pings from one address under made-up
/// versions filled the group cap, a real install of the new release "7.0.0" got 204 and was never
/// recorded, and blocking 0.0.1, which nothing runs, needed confirming; a flood of policy reads
/// filled the shared buffer and dropped real sightings.
@Suite("A flood from one address blinds neither adoption nor the guard")
struct AdoptionFloodTests {
    private static func header(_ install: String, version: String) -> String {
        ClientHeader(version: version, build: "700", platform: "ios", os: "17.4", install: install).rendered()
    }

    private static func components(_ base: TestServer, _ adoption: AdoptionConfiguration) throws -> ServerComponents {
        ServerComponents(database: nil, repository: base.components.repository, adoption: adoption,
                         masterKey: try MasterKey(rawRepresentation: Data(repeating: 7, count: 32)), now: { Samples.now })
    }

    @Test("after a flood from one address, a real install of the newest release from another is recorded, and blocking 0.0.1 publishes unconfirmed")
    func flood() async throws {
        let base = try await TestServer.make(now: { Samples.now })
        // As attacked: no sighting budget, so the flood reaches storage; a small cap, so it would fill.
        let components = try Self.components(base, AdoptionConfiguration(limits: InstallLimits(groupsPerAppPlatform: 200), sightingsPerClient: 0))
        var shipped = Samples.policy(latest: "7.0.0")
        _ = try await components.policies.publish(shipped, app: "notes", channel: .production, author: "t")
        let intake = components.recorder.intake
        for n in 0..<1_000 { intake.note(app: "notes", header: Self.header("flood-\(n)", version: "\(n % 97).\(n).0"), client: "127.0.0.1") }
        await components.recorder.fold()
        intake.note(app: "notes", header: Self.header("real", version: "7.0.0"), client: "127.0.0.2")
        await components.recorder.fold()
        let groups = try await components.installs.groups(appID: "notes", platform: .ios, fromDay: 0)
        #expect(groups.contains { $0.version == "7.0.0" && $0.installs == 1 }, "the real install is recorded")
        #expect(groups.count <= AdoptionConfiguration().newGroupsPerClient + 1, "the flood started at most its quota of groups: \(groups.count)")
        shipped.platforms[.ios]?.blocked = BlockedReleases(versions: ["0.0.1"])
        let (revision, impact) = try await components.adoption.publish(shipped, app: "notes", channel: .production, author: "t", confirmed: false)
        #expect(revision.number == 3 && impact.platforms[.ios]?.refusedSightings == 0)
        await base.close()
    }

    /// The quotas stop one address; many addresses, each under its quota, still fill the cap, and
    /// then only the reserve for the versions the policy names lets the new release in.
    @Test("with the group cap filled from many addresses, a real install of the release the policy names is still recorded")
    func namedVersionsHaveRoom() async throws {
        let base = try await TestServer.make(now: { Samples.now })
        let components = try Self.components(base, AdoptionConfiguration(limits: InstallLimits(groupsPerAppPlatform: 200), sightingsPerClient: 0))
        let intake = components.recorder.intake
        for n in 0..<400 { intake.note(app: "notes", header: Self.header("flood-\(n)", version: "\(n % 97).\(n).0"), client: "10.0.\(n / 250).\(n % 250)") }
        await components.recorder.fold()
        let flooded = try await components.installs.groups(appID: "notes", platform: .ios, fromDay: 0)
        #expect(flooded.count >= 200, "the cap is full: \(flooded.count) groups")
        _ = try await components.policies.publish(Samples.policy(latest: "7.0.0"), app: "notes", channel: .production, author: "t")
        intake.note(app: "notes", header: Self.header("real", version: "7.0.0"), client: "127.0.0.2")
        await components.recorder.fold()
        let groups = try await components.installs.groups(appID: "notes", platform: .ios, fromDay: 0)
        #expect(groups.contains { $0.version == "7.0.0" && $0.installs == 1 }, "the named release found room past the cap")
        await base.close()
    }

    @Test("one client can't fill the intake buffer to drop another's sightings; a trusted proxy gets a larger part")
    func buffer() async throws {
        let buffer = SightingBuffer(capacity: 64 << 10)
        let (flooder, other, proxy) = (SightingSource(key: 1), SightingSource(key: 2), SightingSource(key: 3, share: 4))
        let header = Self.header(String(repeating: "i", count: 100), version: "1.0.0")
        var kept = 0
        while buffer.append(app: "notes", header: header, second: 0, source: flooder) { kept += 1 }
        let size = 16 + 5 + header.utf8.count
        #expect(buffer.clientBytes == (64 << 10) / 100 * 6 && kept == buffer.clientBytes / size, "6 % of the arena")
        #expect(buffer.append(app: "notes", header: header, second: 0, source: other), "another client's sighting is kept")
        var proxied = 0
        while buffer.append(app: "notes", header: header, second: 0, source: proxy) { proxied += 1 }
        #expect(proxied == buffer.clientBytes * 4 / size)
        _ = buffer.drain()
        #expect(buffer.append(app: "notes", header: header, second: 0, source: flooder), "a drain gives every client its part again")
    }
}
