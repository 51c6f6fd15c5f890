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

    /// The re-test: with the cap full, a real install of 7.0.1, shipped while the policy still
    /// said 7.0.0, was dropped, since only the versions the policy names had room.
    @Test("with the group cap full, an unnamed release above latest is recorded once seen from three networks; made-up versions above latest, each from one network, are not, and two versions at most hold the room")
    func nextReleaseHasRoom() async throws {
        let base = try await TestServer.make(now: { Samples.now })
        let components = try Self.components(base, AdoptionConfiguration(limits: InstallLimits(groupsPerAppPlatform: 200), sightingsPerClient: 0))
        _ = try await components.policies.publish(Samples.policy(latest: "7.0.0"), app: "notes", channel: .production, author: "t")
        let intake = components.recorder.intake
        for n in 0..<400 { intake.note(app: "notes", header: Self.header("flood-\(n)", version: "\(n % 97).\(n).0"), client: "10.0.\(n / 250).\(n % 250)") }
        await components.recorder.fold()
        let flooded = Set(try await components.installs.groups(appID: "notes", platform: .ios, fromDay: 0).map(\.version))
        // Made-up versions above latest, as a flood sends them: each from its own network.
        for n in 0..<300 { intake.note(app: "notes", header: Self.header("above-\(n)", version: "\(8 + n).0.1"), client: "10.\(n % 250).\(n / 250 + 1).1") }
        await components.recorder.fold()
        var versions = Set(try await components.installs.groups(appID: "notes", platform: .ios, fromDay: 0).map(\.version))
        #expect(flooded.count == 200 && versions == flooded, "no made-up version above latest found room: \(versions.subtracting(flooded).count)")
        // The release from three networks: refused from the first two, recorded from the third on.
        for (n, client) in ["198.51.100.7", "192.0.2.9", "203.0.113.77", "2001:db8:5:1::/64"].enumerated() {
            intake.note(app: "notes", header: Self.header("real-\(n)", version: "7.0.1"), client: client)
            await components.recorder.fold()
        }
        let real = try await components.installs.groups(appID: "notes", platform: .ios, fromDay: 0).filter { $0.version == "7.0.1" }
        #expect(real.map(\.installs).reduce(0, +) == 2, "the sightings from the third and fourth networks: \(real)")
        // Junk above latest sent from three networks takes the second place; a third version finds none.
        for version in ["99.0.0", "98.0.0"] {
            for client in ["198.51.100.8", "192.0.2.10", "203.0.113.78"] {
                intake.note(app: "notes", header: Self.header("junk-\(version)-\(client)", version: version), client: client)
                await components.recorder.fold()
            }
        }
        versions = Set(try await components.installs.groups(appID: "notes", platform: .ios, fromDay: 0).map(\.version))
        #expect(versions.contains("99.0.0") && !versions.contains("98.0.0"), "two versions hold the room")
        await base.close()
    }

    /// The re-test after the quotas per client: 420 addresses of one /24, each under its quota,
    /// filled an app's 20,000 groups in 27 s; one IPv6 /48 holds 65,536 /64s, each a client.
    @Test("the addresses of one IPv4 /24 or one IPv6 /48 together start at most their network's quota of groups, and another network's install is recorded",
          arguments: [4, 6])
    func networkQuota(_ family: Int) async throws {
        // Clients as the HTTP layer keys them: an IPv4 address, or an IPv6 /64.
        let address = { (n: Int) in family == 4 ? "203.0.113.\(n % 250)" : "2001:db8:1:\(String(n, radix: 16))::/64" }
        let base = try await TestServer.make(now: { Samples.now })
        let adoption = AdoptionConfiguration(sightingsPerClient: 0)
        let components = try Self.components(base, adoption)
        let intake = components.recorder.intake
        // 400 clients, 5 made-up versions each: well within each client's quota of 50.
        for n in 0..<2_000 { intake.note(app: "notes", header: Self.header("flood-\(n)", version: "\(n % 97).\(n).0"), client: address(n / 5)) }
        await components.recorder.fold()
        intake.note(app: "notes", header: Self.header("real", version: "7.0.1"), client: "198.51.100.7")
        await components.recorder.fold()
        let groups = try await components.installs.groups(appID: "notes", platform: .ios, fromDay: 0)
        let quota = adoption.newGroupsPerClient * adoption.networkShare
        #expect(groups.count == quota + 1, "the network's \(quota) groups and the real one: \(groups.count)")
        #expect(groups.contains { $0.version == "7.0.1" && $0.installs == 1 }, "the other network's install is recorded")
        await base.close()
    }

    @Test("one client can't fill the intake buffer to drop another's sightings; a trusted proxy gets a larger part")
    func buffer() async throws {
        let buffer = SightingBuffer(capacity: 64 << 10)
        let (flooder, other, proxy) = (SightingSource(key: 1), SightingSource(key: 2), SightingSource(key: 3, share: 4))
        let header = Self.header(String(repeating: "i", count: 100), version: "1.0.0")
        var kept = 0
        while buffer.append(app: "notes", header: header, second: 0, source: flooder) { kept += 1 }
        let size = 24 + 5 + header.utf8.count
        #expect(buffer.clientBytes == (64 << 10) / 100 * 6 && kept == buffer.clientBytes / size, "6 % of the arena")
        #expect(buffer.append(app: "notes", header: header, second: 0, source: other), "another client's sighting is kept")
        var proxied = 0
        while buffer.append(app: "notes", header: header, second: 0, source: proxy) { proxied += 1 }
        #expect(proxied == buffer.clientBytes * 4 / size)
        _ = buffer.drain()
        #expect(buffer.append(app: "notes", header: header, second: 0, source: flooder), "a drain gives every client its part again")
        _ = buffer.drain()
        // Many clients of one network, each under its own part, fill only the network's.
        var fromNetwork = 0
        for client in 10..<100 {
            while buffer.append(app: "notes", header: header, second: 0, source: SightingSource(key: UInt64(client), network: 7)) { fromNetwork += 1 }
        }
        #expect(fromNetwork == buffer.clientBytes * AdoptionConfiguration.defaultNetworkShare / size, "\(fromNetwork) sightings from one network")
        #expect(buffer.append(app: "notes", header: header, second: 0, source: SightingSource(key: 200, network: 9)), "another network's sighting is kept")
    }
}
