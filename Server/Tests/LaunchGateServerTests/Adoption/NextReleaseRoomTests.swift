import Foundation
@_spi(LaunchGateServer) import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateServer
@testable import LaunchGateStorage

/// A review of the room for the next release: the first two versions above latest to be seen from
/// three networks kept it until latest changed, so 6 networks sending 99.0.0 and 98.0.0 dropped
/// the real 7.0.1; and each could take 50 groups with made-up builds from its three networks.
@Suite("The room for the next release goes to the versions seen from the most networks")
struct NextReleaseRoomTests {
    private static func header(_ install: String, version: String, build: Int = 700) -> String {
        ClientHeader(version: version, build: "\(build)", platform: "ios", os: "17.4", install: install).rendered()
    }

    /// Runs `body` on a server whose app "notes" has latest 7.0.0 and a cap of 200 groups, which
    /// 400 made-up versions from two /24s have filled, so only the next release's room is left.
    private static func withCapFilled(_ body: (ServerComponents) async throws -> Void) async throws {
        let base = try await TestServer.make(now: { Samples.now })
        let components = ServerComponents(
            database: nil, repository: base.components.repository,
            adoption: AdoptionConfiguration(limits: InstallLimits(groupsPerAppPlatform: 200), sightingsPerClient: 0),
            masterKey: try MasterKey(rawRepresentation: Data(repeating: 7, count: 32)), now: { Samples.now })
        do {
            _ = try await components.policies.publish(Samples.policy(latest: "7.0.0"), app: "notes", channel: .production, author: "t")
            for n in 0..<400 {
                components.recorder.intake.note(app: "notes", header: header("flood-\(n)", version: "\(n % 97).\(n).0"),
                                                client: "10.0.\(n / 250).\(n % 250)")
            }
            await components.recorder.fold()
            try await body(components)
        } catch {
            await base.close()
            throw error
        }
        await base.close()
    }

    @Test("with both places held by made-up versions from 6 networks, a release seen from 10 networks takes one, and each made-up version kept one group per network")
    func releaseDisplacesJunk() async throws {
        try await Self.withCapFilled { components in
            let intake = components.recorder.intake
            // Two made-up versions, each from its own 3 networks, each network with 20 builds.
            for (v, version) in ["99.0.0", "98.0.0"].enumerated() {
                for network in 0..<3 {
                    for build in 0..<20 {
                        intake.note(app: "notes", header: Self.header("junk-\(version)-\(network)-\(build)", version: version, build: build),
                                    client: "198.51.\(v * 3 + network).7")
                    }
                    await components.recorder.fold()
                }
            }
            var groups = try await components.installs.groups(appID: "notes", platform: .ios, fromDay: 0)
            for version in ["99.0.0", "98.0.0"] {
                let kept = groups.filter { $0.version == version }.count
                #expect((1...3).contains(kept), "\(version) holds a place, one group per network: \(kept)")
            }
            // The release, one install per network: refused until seen from twice the weakest holder's 3.
            for network in 0..<10 {
                intake.note(app: "notes", header: Self.header("real-\(network)", version: "7.0.1"), client: "203.0.\(network).9")
                await components.recorder.fold()
            }
            groups = try await components.installs.groups(appID: "notes", platform: .ios, fromDay: 0)
            let real = groups.filter { $0.version == "7.0.1" }.map(\.installs).reduce(0, +)
            #expect(real == 5, "recorded from the 6th network on: \(real)")
            // The one displaced (the higher, of two as weak) keeps its groups and gets no new one.
            let displaced = groups.filter { $0.version == "99.0.0" }.count
            intake.note(app: "notes", header: Self.header("junk-again", version: "99.0.0", build: 99), client: "198.51.9.7")
            await components.recorder.fold()
            groups = try await components.installs.groups(appID: "notes", platform: .ios, fromDay: 0)
            #expect(groups.filter { $0.version == "99.0.0" }.count == displaced, "the displaced version starts no group")
        }
    }

    /// Re-attack, side observation: a kept group's later sightings don't count their networks,
    /// which docs/adoption.md now says; counted, one group sent from 20 networks each would hold
    /// the room against a release until it was seen from 40.
    @Test("made-up versions sending one kept group from 20 networks are counted from the 3 that asked for the group, and a release from 10 networks takes a place")
    func keptGroupsCountNoNetworks() async throws {
        try await Self.withCapFilled { components in
            let intake = components.recorder.intake
            for (v, version) in ["99.0.0", "98.0.0"].enumerated() {
                for network in 0..<20 {
                    intake.note(app: "notes", header: Self.header("junk-\(version)-\(network)", version: version), client: "198.51.\(v * 20 + network).7")
                    await components.recorder.fold()
                }
            }
            var groups = try await components.installs.groups(appID: "notes", platform: .ios, fromDay: 0)
            #expect(groups.filter { $0.version == "99.0.0" }.map(\.installs).reduce(0, +) == 18, "recorded from the third network on, one group")
            for network in 0..<10 {
                intake.note(app: "notes", header: Self.header("real-\(network)", version: "7.0.1"), client: "203.0.\(network).9")
                await components.recorder.fold()
            }
            groups = try await components.installs.groups(appID: "notes", platform: .ios, fromDay: 0)
            let real = groups.filter { $0.version == "7.0.1" }.map(\.installs).reduce(0, +)
            #expect(real == 5, "recorded from the 6th network on, twice the 3 counted: \(real)")
        }
    }

    /// Re-attack A1b: among candidates seen from one network, the highest version gave way, so a
    /// real release seen once was pushed out by the next made-up version below it, and one junk
    /// sighting between its networks kept it out for good (0 of 120 recorded).
    @Test("a release seen from one network stays a candidate through 31 made-up versions, each seen once, and qualifies with its next two networks")
    func releaseOutlastsJunkCandidates() async throws {
        try await Self.withCapFilled { components in
            let intake = components.recorder.intake
            func see(_ install: String, _ version: String, from client: String) async {
                intake.note(app: "notes", header: Self.header(install, version: version), client: client)
                await components.recorder.fold()
            }
            // The table of candidates full of made-up versions below the release, each seen once.
            for n in 0..<NextReleaseRoom.candidates - 1 { await see("before-\(n)", "7.0.\(n + 1)", from: "198.51.\(n).7") }
            await see("real-0", "7.1.0", from: "203.0.0.9")
            // Each new version needs a place: the release, highest of those seen once, gave way to the first.
            for n in 0..<NextReleaseRoom.candidates - 1 { await see("after-\(n)", "7.0.\(n + 100)", from: "198.52.\(n).7") }
            await see("real-1", "7.1.0", from: "203.0.1.9")
            await see("real-2", "7.1.0", from: "203.0.2.9")
            let groups = try await components.installs.groups(appID: "notes", platform: .ios, fromDay: 0)
            let real = groups.filter { $0.version == "7.1.0" }.map(\.installs).reduce(0, +)
            #expect(real == 1, "qualified with its third network, whose install is recorded: \(real)")
        }
    }

    /// Review of session 8: with 31 made-up versions each seen from the same 2 /24s, a release seen
    /// from one network was the only candidate that weak, so one new made-up version after each of
    /// its networks pushed it out again, as in A1b.
    @Test("with the candidates full of made-up versions seen from the same 2 networks, a release gaining a network between new made-up versions qualifies at its third and is recorded")
    func releaseOutlastsJunkFromTwoNetworks() async throws {
        try await Self.withCapFilled { components in
            let intake = components.recorder.intake
            var junk = 0
            // A new made-up version from both /24s, each sighting from an address of its own (its quota).
            func junkVersion() async {
                for network in 0..<2 {
                    intake.note(app: "notes", header: Self.header("junk-\(junk)-\(network)", version: "7.0.\(junk + 1)"),
                                client: "198.51.\(network).\(junk + 1)")
                }
                await components.recorder.fold()
                junk += 1
            }
            for _ in 0..<NextReleaseRoom.candidates { await junkVersion() }
            for network in 0..<6 {
                intake.note(app: "notes", header: Self.header("real-\(network)", version: "7.1.0"), client: "203.0.\(network).9")
                await components.recorder.fold()
                await junkVersion()
            }
            let groups = try await components.installs.groups(appID: "notes", platform: .ios, fromDay: 0)
            let real = groups.filter { $0.version == "7.1.0" }.map(\.installs).reduce(0, +)
            #expect(real == 4, "recorded from its third network on, through \(junk) made-up versions: \(real)")
        }
    }

    /// Review of session 8: any sighting refreshed a candidate, so made-up versions re-sent from
    /// the networks they were counted from stayed fresher than a release gaining new ones.
    @Test("31 made-up versions re-sent from the networks they were counted from give way before a release that gained a network after them")
    func resentJunkAgesOut() async throws {
        try await Self.withCapFilled { components in
            let intake = components.recorder.intake
            func see(_ install: String, _ version: String, from client: String) async {
                intake.note(app: "notes", header: Self.header(install, version: version), client: client)
                await components.recorder.fold()
            }
            let junk = (0..<NextReleaseRoom.candidates - 1).map { "7.0.\($0 + 1)" }
            for (n, version) in junk.enumerated() { await see("junk-\(n)", version, from: "198.51.0.\(n + 1)") }
            await see("real-0", "7.1.0", from: "203.0.0.9")
            // Each made-up version again, from its own /24 (another address in it): no network gained.
            for (n, version) in junk.enumerated() { await see("again-\(n)", version, from: "198.51.0.\(n + 100)") }
            // A new version needs a place: the first made-up one gives way, not the release.
            await see("new-junk", "7.0.99", from: "198.52.0.7")
            await see("real-1", "7.1.0", from: "203.0.1.9")
            await see("real-2", "7.1.0", from: "203.0.2.9")
            let groups = try await components.installs.groups(appID: "notes", platform: .ios, fromDay: 0)
            let real = groups.filter { $0.version == "7.1.0" }.map(\.installs).reduce(0, +)
            #expect(real == 1, "qualified with its third network, whose install is recorded: \(real)")
        }
    }
}
