import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// A platform whose group cap is full refuses real upgrades (the attack filled the 20,000 kept
/// groups with made-up versions, then the real 2.5.0 was never counted and blocking it passed as
/// "blocks 0 %"): refusals are stored per app, platform and day, and the guard wants a change
/// that could block on such a platform confirmed.
@Suite("Sightings refused by the cap are counted per platform, and make the guard ask to confirm a change that could block there")
struct RefusedSightingsGuardTests {
    private func sighting(_ hash: String, version: String, platform: Platform = .ios, at time: Date = Samples.now) -> InstallSighting {
        InstallSighting(appID: "notes", platform: platform, installHash: hash, version: version, build: "1", os: "17.0", at: time)
    }

    /// A server with the fixture's installs, whose five groups fill the cap, after a flood sent
    /// each of `versions` once: all refused.
    private func flooded(_ backend: TestBackend, with versions: [String],
                         sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestServer {
        let server = try await AdoptionFixture.server(backend)
        let flood = versions.enumerated().map { sighting("flood-\($0.offset)", version: $0.element) }
        let result = try await server.components.installs.record(flood, limits: InstallLimits(groupsPerAppPlatform: 5))
        #expect(result.overGroupCap == versions.count, sourceLocation: sourceLocation)
        return server
    }

    /// Expects `policy` to count none of the refused sightings and to publish unconfirmed; returns its impact.
    @discardableResult
    private func expectPublishes(_ policy: UpdatePolicy, on adoption: AdoptionService,
                                 sourceLocation: SourceLocation = #_sourceLocation) async throws -> PolicyImpact {
        let impact = try await adoption.impact(of: policy, app: "notes", channel: .production)
        #expect(impact.platforms[.ios]?.refusedSightings == 0, sourceLocation: sourceLocation)
        #expect(PublishGuard(limit: 0.2).verdict(on: impact) == .publish, sourceLocation: sourceLocation)
        let (revision, _) = try await adoption.publish(policy, app: "notes", channel: .production, author: "t", confirmed: false)
        #expect(revision.number >= 1, "published unconfirmed", sourceLocation: sourceLocation)
        return impact
    }

    /// Expects `policy` to count `refused` sightings on iOS, and the guard to ask to confirm it for them.
    private func expectAsks(_ policy: UpdatePolicy, refused: Int, on adoption: AdoptionService,
                            sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let impact = try await adoption.impact(of: policy, app: "notes", channel: .production)
        #expect(impact.platforms[.ios]?.refusedSightings == refused, sourceLocation: sourceLocation)
        #expect(PublishGuard(limit: 0.2).verdict(on: impact) == .confirm(GuardBreach(platform: .ios, measure: .refusedSightings, share: 1)),
                sourceLocation: sourceLocation)
    }

    @Test("a refused sighting is counted for its app, platform and day, read over a window and pruned with the day",
          arguments: TestBackend.available)
    func stored(_ backend: TestBackend) async throws {
        try await backend.withRepository { _, database in
            let installs: any InstallRepository = database.map { SQLInstallRepository(database: $0, filterKey: { Samples.filterKey }) } ?? MemoryInstallRepository()
            let limits = InstallLimits(groupsPerAppPlatform: 2)
            let result = try await installs.record([sighting("a", version: "1.0.0"), sighting("b", version: "2.0.0"), sighting("c", version: "3.0.0"),
                                                    sighting("d", version: "4.0.0"), sighting("e", version: "1.0.0", platform: .android)],
                                                   limits: limits)
            #expect(result.overGroupCap == 2)
            let today = InstallDay.of(Samples.now)
            let two = try await installs.refusedSightings(appID: "notes", fromDay: today - 29)
            #expect(two.count == 1 && two[.ios]?.count == 2 && two[.ios]?.versions == "3.0.0"..."4.0.0")
            #expect(two[.ios]?.mayInclude("4.0.0") == true && two[.ios]?.mayInclude("3.5.0") == false, "the filter holds the versions refused")
            #expect(try await installs.refusedSightings(appID: "notes", fromDay: today + 1).isEmpty, "outside the window")
            #expect(try await installs.refusedSightings(appID: "other", fromDay: 0).isEmpty)
            _ = try await installs.record([sighting("f", version: "5.0.0")], limits: limits)
            let three = try await installs.refusedSightings(appID: "notes", fromDay: today - 29)
            #expect(three[.ios]?.count == 3 && three[.ios]?.versions == "3.0.0"..."5.0.0", "added up, the range widened")
            #expect(three[.ios]?.mayInclude("5.0.0") == true && three[.ios]?.mayInclude("3.0.0") == true, "the filters added up")
            try await installs.prune(before: today + 1)
            #expect(try await installs.refusedSightings(appID: "notes", fromDay: 0).isEmpty)
        }
    }

    @Test("with refusals on ios, blocking a release that shows no installs needs confirming; a change that blocks nothing more does not",
          arguments: TestBackend.available)
    func guardAsks(_ backend: TestBackend) async throws {
        let server = try await AdoptionFixture.server(backend)
        let adoption = server.components.adoption
        var blocking = Samples.policy()
        blocking.platforms[.ios]?.blocked = BlockedReleases(versions: ["2.5.0"])
        let before = try await adoption.impact(of: blocking, app: "notes", channel: .production)
        #expect(before.platforms[.ios]?.refusedSightings == 0 && PublishGuard(limit: 0.2).verdict(on: before) == .publish,
                "no refusals: 2.5.0 really has no installs")
        // The kept groups are full (the fixture's five): the real upgrades to 2.5.0 are refused.
        let upgrades = (0..<30).map { sighting("1.9.0-17.0-\($0 % 6)", version: "2.5.0") }
        let result = try await server.components.installs.record(upgrades, limits: InstallLimits(groupsPerAppPlatform: 5))
        #expect(result.overGroupCap == 30)
        let impact = try await adoption.impact(of: blocking, app: "notes", channel: .production)
        #expect(impact.active.newlyBlocked == 0 && impact.platforms[.ios]?.refusedSightings == 30)
        let summary = ImpactSentences(impact).summary
        #expect(summary.contains("The cap on installs and groups refused 30 iOS sightings in the last 30 days"), "\(summary)")
        #expect(PublishGuard(limit: 0.2).verdict(on: impact) == .confirm(GuardBreach(platform: .ios, measure: .refusedSightings, share: 1)))
        await #expect(throws: AdoptionError.self) {
            _ = try await adoption.publish(blocking, app: "notes", channel: .production, author: "t", confirmed: false)
        }
        var notes = Samples.policy()
        notes.platforms[.ios]?.latest?.notes = "Faster sync."
        #expect(PublishGuard(limit: 0.2).verdict(on: try await adoption.impact(of: notes, app: "notes", channel: .production)) == .publish,
                "release notes change nothing that blocks")
        let (revision, _) = try await adoption.publish(blocking, app: "notes", channel: .production, author: "t", confirmed: true)
        #expect(revision.number >= 1)
        await server.close()
    }

    @Test("refusals of made-up versions don't make a change that blocks none of them need confirming; blocking one of them does",
          arguments: TestBackend.available)
    func madeUpVersionsRefused(_ backend: TestBackend) async throws {
        // A flood fills the kept groups (the fixture's five) and goes on: 40 made-up versions refused.
        let server = try await flooded(backend, with: (0..<40).map { "50.\($0).0" })
        let adoption = server.components.adoption
        var harmless = Samples.policy()
        harmless.platforms[.ios]?.blocked = BlockedReleases(versions: ["0.0.1"])
        let impact = try await expectPublishes(harmless, on: adoption)
        #expect(impact.platforms[.ios]?.changesBlocking == true)
        var junk = harmless
        junk.platforms[.ios]?.blocked = BlockedReleases(versions: ["0.0.1", "50.7.0"])
        try await expectAsks(junk, refused: 40, on: adoption)
        await server.close()
    }

    /// The hostile re-test: once a flood's refused versions spanned 0.x to 999.x, every change to
    /// the blocked list asked for confirmation, since the range held any version blocked.
    @Test("after a flood's refused versions span the whole range, blocking a version inside it that nobody sent publishes unconfirmed; blocking a refused one asks",
          arguments: TestBackend.available)
    func blockedListInsideRange(_ backend: TestBackend) async throws {
        let server = try await flooded(backend, with: (0..<300).map { "\($0 * 3).\($0 % 7).1" } + ["0.0.0", "99999.0.0"])
        let adoption = server.components.adoption
        let refused = try await server.components.installs.refusedSightings(appID: "notes", fromDay: 0)[.ios]
        #expect(refused?.versions == "0.0.0"..."99999.0.0" && refused?.filter != nil)
        var harmless = Samples.policy()
        harmless.platforms[.ios]?.blocked = BlockedReleases(versions: ["4.0.0", "500.2.0"])
        let impact = try await expectPublishes(harmless, on: adoption)
        #expect(impact.platforms[.ios]?.changesBlocking == true)
        var refusedOne = harmless
        // The flood refused 9.3.1 (n = 3); written with a fourth component, it is the same version.
        refusedOne.platforms[.ios]?.blocked = BlockedReleases(versions: ["4.0.0", "500.2.0", "9.3.1.0"])
        try await expectAsks(refusedOne, refused: 302, on: adoption)
        await server.close()
    }

    /// Re-attack F6: after a flood of refused sightings, raising the minimum OS from 16.0 to 16.1
    /// asked for confirmation, though the evaluator blocks the same installs whatever it says.
    @Test("after a flood of refused sightings, raising the minimum OS publishes unconfirmed; raising it while blocking a refused version asks",
          arguments: TestBackend.available)
    func minimumOSAfterFlood(_ backend: TestBackend) async throws {
        let server = try await flooded(backend, with: (0..<60).map { "\($0 + 3).\($0).0" } + ["0.0.0", "99999.0.0"])
        let adoption = server.components.adoption
        var raised = Samples.policy()
        #expect(raised.platforms[.ios]?.latest?.minimumOS == "16.0")
        raised.platforms[.ios]?.latest?.minimumOS = "16.1"
        let impact = try await expectPublishes(raised, on: adoption)
        #expect(impact.active.newlyBlocked == 0)
        var blocking = raised
        blocking.platforms[.ios]?.latest?.minimumOS = "17.0"
        blocking.platforms[.ios]?.blocked = BlockedReleases(versions: ["10.7.0"])
        try await expectAsks(blocking, refused: 62, on: adoption)
        await #expect(throws: AdoptionError.self) {
            _ = try await adoption.publish(blocking, app: "notes", channel: .production, author: "t", confirmed: false)
        }
        await server.close()
    }

    @Test("a change could newly block refused versions only where it newly blocks somewhere in their range, or anywhere when the range is unknown")
    func couldNewlyBlock() {
        let current = Samples.policy(required: "2.0.0")
        func could(_ range: ClosedRange<AppVersion>?, _ change: (inout PlatformPolicy) -> Void) -> Bool {
            var proposed = current
            change(&proposed.platforms[.ios]!)
            return ImpactCalculator.couldNewlyBlock(range, on: .ios, from: current, to: proposed,
                                                    changing: ImpactCalculator.platformsChangingBlocking(from: current, to: proposed))
        }
        #expect(could("2.0.0"..."2.9.0") { $0.required = VersionRequirement(version: "2.5.0") }, "raised into the range")
        #expect(!could("3.0.0"..."9.0.0") { $0.required = VersionRequirement(version: "2.5.0") }, "raised below the range")
        #expect(!could("1.0.0"..."1.5.0") { $0.required = VersionRequirement(version: "2.5.0") }, "the range was blocked by 2.0.0 already")
        #expect(!could("1.0.0"..."9.0.0") { $0.required = VersionRequirement(version: "1.5.0") }, "lowered: blocks nothing new")
        #expect(could("1.0.0"..."9.0.0") { $0.blocked = BlockedReleases(versions: ["4.0.0"]) })
        #expect(!could("1.0.0"..."9.0.0") { $0.blocked = BlockedReleases(versions: ["0.0.1"]) })
        #expect(could("1.0.0"..."1.0.0") { $0.blocked = BlockedReleases(builds: [BuildNumber(7)]) }, "builds are not in the range")
        #expect(could("1.0.0"..."1.0.0") { $0.endOfLife = EndOfLife() })
        #expect(!could("1.0.0"..."1.0.0") { $0.latest?.minimumOS = "18.0" }, "the minimum OS blocks no version the evaluator doesn't block already")
        #expect(could(nil) { $0.blocked = BlockedReleases(versions: ["0.0.1"]) }, "versions unknown")
        #expect(!could(nil) { $0.latest?.notes = "Faster sync." }, "changes nothing that blocks")
    }

    @Test("iPads read the iOS entry when the policy has no ipados one: refusals on ipados make a blocking iOS change need confirming")
    func iPadsReadIOS() async throws {
        let server = try await AdoptionFixture.server()
        let adoption = server.components.adoption
        var blocking = Samples.policy()
        #expect(blocking.platforms[.ipados] == nil)
        blocking.platforms[.ios]?.blocked = BlockedReleases(versions: ["2.5.0"])
        let ipads = (0..<3).map { sighting("ipad-\($0)", version: "2.\($0 + 3).0", platform: .ipados) }
        let result = try await server.components.installs.record(ipads, limits: InstallLimits(groupsPerAppPlatform: 1))
        #expect(result.overGroupCap == 2)
        let impact = try await adoption.impact(of: blocking, app: "notes", channel: .production)
        #expect(impact.platforms[.ipados]?.refusedSightings == 2 && impact.platforms[.ios]?.refusedSightings == 0)
        #expect(PublishGuard(limit: 0.2).verdict(on: impact) == .confirm(GuardBreach(platform: .ipados, measure: .refusedSightings, share: 1)))
        await server.close()
    }

    @Test("a platform changes what blocks when the entry its installs read does: ipados follows ios unless it has its own entry")
    func platformsReadingAnEntry() {
        let current = Samples.policy()
        var raised = current
        raised.platforms[.ios]?.required = VersionRequirement(version: "2.3.0")
        #expect(ImpactCalculator.platformsChangingBlocking(from: current, to: raised) == [.ios, .ipados])
        var own = current
        own.platforms[.ipados] = current.platforms[.ios]
        var ownRaised = own
        ownRaised.platforms[.ios]?.required = VersionRequirement(version: "2.3.0")
        #expect(ImpactCalculator.platformsChangingBlocking(from: own, to: ownRaised) == [.ios])
        #expect(ImpactCalculator.platformsChangingBlocking(from: nil, to: current).contains(.ipados), "nothing published: every platform it serves")
    }
}
