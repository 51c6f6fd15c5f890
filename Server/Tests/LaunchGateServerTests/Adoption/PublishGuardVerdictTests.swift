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

/// The guard alone: impacts written out by hand, a verdict back, no storage. Each rule is here
/// with the case it exists for and the case just inside it.
@Suite("The publish guard decides from an impact alone, platform by platform")
struct PublishGuardVerdictTests {
    private let guardAt20 = PublishGuard(limit: 0.2)

    private func impact(_ platforms: [Platform: PlatformImpact], channel: ReleaseChannel = .production) -> PolicyImpact {
        var impact = PolicyImpact(app: "notes", channel: channel, activeDays: 30, proposed: Samples.policy(), current: Samples.policy())
        impact.platforms = platforms
        return impact
    }

    /// A platform whose active installs are all established, with the same counts.
    private func settled(_ installs: Int, blocked: Int, newly: Int) -> PlatformImpact {
        let counts = ImpactCounts(installs: installs, blocked: blocked, newlyBlocked: newly)
        var platform = PlatformImpact(active: counts, established: counts)
        platform.changesBlocking = newly > 0
        return platform
    }

    private func confirm(_ platform: Platform, _ measure: GuardBreach.Measure, _ share: Double) -> PublishGuard.Verdict {
        .confirm(GuardBreach(platform: platform, measure: measure, share: share))
    }

    // MARK: Shares of active installs

    @Test("a change that newly blocks nobody publishes, however many are blocked already")
    func nothingNew() {
        #expect(guardAt20.verdict(on: impact([.ios: settled(100, blocked: 90, newly: 0)])) == .publish)
    }

    @Test("newly blocking more than the limit of a platform's active installs needs confirming; exactly the limit does not")
    func newlyBlocked() {
        #expect(guardAt20.verdict(on: impact([.ios: settled(100, blocked: 21, newly: 21)])) == confirm(.ios, .newlyBlocked, 0.21))
        #expect(guardAt20.verdict(on: impact([.ios: settled(100, blocked: 20, newly: 20)])) == .publish)
    }

    @Test("a small raise that leaves more than the limit blocked needs confirming, so raises can't add up unconfirmed")
    func blockedAfter() {
        #expect(guardAt20.verdict(on: impact([.ios: settled(100, blocked: 30, newly: 10)])) == confirm(.ios, .blockedAfter, 0.3))
    }

    @Test("each platform is measured against its own installs, so a large one can't hide a lockout of a small one")
    func perPlatform() {
        let verdict = guardAt20.verdict(on: impact([.ios: settled(100, blocked: 40, newly: 40), .android: settled(900, blocked: 0, newly: 0)]))
        #expect(verdict == confirm(.ios, .newlyBlocked, 0.4))
    }

    // MARK: Made-up installs

    @Test("installs first seen today count in no share: a thousand of them don't dilute a 40 % lockout")
    func newInstallsApart() {
        var ios = settled(100, blocked: 50, newly: 40)
        ios.new = ImpactCounts(installs: 1_000)
        #expect(guardAt20.verdict(on: impact([.ios: ios])) == confirm(.ios, .newlyBlocked, 0.4))
    }

    @Test("installs made up before today dilute the active share, but the established share still needs confirming")
    func establishedShares() {
        var ios = PlatformImpact(active: ImpactCounts(installs: 2_100, blocked: 50, newlyBlocked: 40),
                                 established: ImpactCounts(installs: 100, blocked: 50, newlyBlocked: 40))
        ios.changesBlocking = true
        #expect(guardAt20.verdict(on: impact([.ios: ios])) == confirm(.ios, .establishedNewlyBlocked, 0.4))
        ios.established = ImpactCounts(installs: 100, blocked: 30, newlyBlocked: 5)
        #expect(guardAt20.verdict(on: impact([.ios: ios])) == confirm(.ios, .establishedBlockedAfter, 0.3))
        ios.established = ImpactCounts(installs: 100, blocked: 20, newlyBlocked: 5)
        #expect(guardAt20.verdict(on: impact([.ios: ios])) == .publish)
    }

    @Test("with no established installs on a platform, any change that newly blocks installs there needs confirming, new ones included")
    func noEstablished() {
        let fresh = PlatformImpact(active: ImpactCounts(installs: 1_000, blocked: 1, newlyBlocked: 1))
        #expect(guardAt20.verdict(on: impact([.ios: fresh])) == confirm(.ios, .noEstablishedInstalls, 1))
        let firstDay = PlatformImpact(new: ImpactCounts(installs: 1_200, blocked: 100, newlyBlocked: 100))
        #expect(guardAt20.verdict(on: impact([.ios: firstDay])) == confirm(.ios, .noEstablishedInstalls, 1))
        #expect(guardAt20.verdict(on: impact([.ios: PlatformImpact(new: ImpactCounts(installs: 1_200))])) == .publish)
    }

    // MARK: What the counts may miss

    @Test("refused sightings on a platform make a change that alters what blocks there need confirming, and only such a change")
    func refused() {
        var ipados = PlatformImpact()
        ipados.refusedSightings = 2
        #expect(guardAt20.verdict(on: impact([.ipados: ipados])) == .publish, "release notes, say")
        ipados.changesBlocking = true
        #expect(guardAt20.verdict(on: impact([.ipados: ipados])) == confirm(.ipados, .refusedSightings, 1))
    }

    @Test("groups left unevaluated are assumed newly blocked when the change alters what blocks, and need confirming if they could tip it")
    func unevaluated() {
        var ios = settled(50, blocked: 0, newly: 0)
        ios.unevaluatedGroups = 4
        ios.unevaluatedInstalls = 50
        #expect(guardAt20.verdict(on: impact([.ios: ios])) == .publish, "a change that alters nothing that blocks")
        ios.changesBlocking = true
        #expect(guardAt20.verdict(on: impact([.ios: ios])) == confirm(.ios, .unevaluatedWorstCase, 0.5))
        ios.unevaluatedInstalls = 10
        #expect(guardAt20.verdict(on: impact([.ios: ios])) == .publish, "10 of 60 could not tip it")
        ios.unevaluatedEstablished = 10
        ios.established.installs = 20
        #expect(guardAt20.verdict(on: impact([.ios: ios])) == confirm(.ios, .unevaluatedWorstCase, 1.0 / 3), "nor dilute the established share")
    }

    // MARK: Channels and unknown impacts

    @Test("an impact that could not be computed needs confirming on production; other channels are not guarded")
    func unknownAndChannels() {
        let unknown = PolicyImpact.unknown(app: "notes", channel: .production, activeDays: 30, proposed: Samples.policy())
        #expect(guardAt20.verdict(on: unknown) == .unknownImpact && guardAt20.verdict(on: unknown).needsConfirmation)
        #expect(guardAt20.verdict(on: PolicyImpact.unknown(app: "notes", channel: .beta, activeDays: 30, proposed: Samples.policy())) == .publish)
        #expect(guardAt20.verdict(on: impact([.ios: settled(100, blocked: 100, newly: 100)], channel: .beta)) == .publish)
    }
}
