import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@Suite("Phasing an optional update across installs")
struct RolloutTests {
    private let clock = TestClock()

    private func decisions(_ rollout: Rollout, released: Date? = nil, installs: Int = 2_000, latest: AppVersion = "2.0.0") -> [ScreenKind?] {
        let policy = UpdatePolicy(platforms: [.ios: PlatformPolicy(
            latest: Release(version: latest, releaseDate: released), required: VersionRequirement(version: "1.0.0"), rollout: rollout)])
        return (0..<installs).map { index in
            UpdateEvaluator().evaluate(policy, for: EvaluationContext(version: "1.5.0", installID: "install-\(index)", now: clock.date)).kind
        }
    }

    // MARK: Tests

    @Test("a 25 % rollout offers the update to about a quarter of installs")
    func percentage() {
        let offered = decisions(.percentage(25)).filter { $0 == .updateAvailable }.count
        #expect((400...600).contains(offered), "\(offered) of 2000")
    }

    @Test("the same install gets the same answer every time")
    func deterministic() {
        #expect(decisions(.percentage(30)) == decisions(.percentage(30)))
        #expect(RolloutBucket.position(installID: "abc", target: "2.0.0+") == RolloutBucket.position(installID: "abc", target: "2.0.0+"))
    }

    @Test("buckets are independent between versions: being late for 2.0 says little about 2.1")
    func independentPerVersion() {
        let first = decisions(.percentage(50), latest: "2.0.0")
        let second = decisions(.percentage(50), latest: "2.1.0")
        let both = zip(first, second).filter { $0 == .updateAvailable && $1 == .updateAvailable }.count
        // Independent halves overlap on about a quarter of 2000.
        #expect((380...620).contains(both), "\(both)")
    }

    @Test("Apple's phased schedule gives 1, 2, 5, 10, 20, 50, 100 % on days 1 to 7, and nothing before release")
    func applePhased() {
        let release = clock.date
        let expected: [Double] = [1, 2, 5, 10, 20, 50, 100, 100]
        for (day, share) in expected.enumerated() {
            let moment = release.addingTimeInterval(Double(day) * 86_400 + 3_600)
            #expect(Rollout.applePhased.percentage(at: moment, releaseDate: release) == share, "day \(day + 1)")
        }
        #expect(Rollout.applePhased.percentage(at: release.addingTimeInterval(-1), releaseDate: release) == 0)
        #expect(Rollout.applePhased.percentage(at: release, releaseDate: nil) == 100)
    }

    @Test("on day 4 of a phased release about 10 % of installs see the banner")
    func phasedShare() {
        let offered = decisions(.applePhased, released: clock.date.addingTimeInterval(-3.5 * 86_400))
            .filter { $0 == .updateAvailable }.count
        #expect((120...280).contains(offered), "\(offered) of 2000")
    }

    @Test("a required update is never phased: a 0 % rollout still blocks below the minimum")
    func requiredNeverPhased() {
        let policy = UpdatePolicy(platforms: [.ios: PlatformPolicy(
            latest: Release(version: "2.0.0"), required: VersionRequirement(version: "1.8.0"), rollout: .percentage(0))])
        let decision = UpdateEvaluator().evaluate(policy, for: EvaluationContext(version: "1.5.0", installID: "x", now: clock.date))
        #expect(decision.kind == .updateRequired)
    }
}
