import LaunchGate
import Testing
@testable import LaunchGateAppStore

@Suite("Apple's phased release maps to the optional prompt's rollout: its day, 0 % paused, 100 % complete, else the policy's")
struct PhasedReleaseMappingTests {
    private func observation(_ state: ApplePhasedRelease.State?, day: Int? = nil, version: String = "2.4.1") -> AppStoreConnectClient.Observation {
        AppStoreConnectClient.Observation(version: version, phasedRelease: state.map { ApplePhasedRelease(state: $0, currentDayNumber: day) })
    }

    @Test("each active day follows Apple's percentage", arguments: zip(1...7, [1.0, 2, 5, 10, 20, 50, 100]))
    func everyDay(day: Int, percentage: Double) {
        let release = PhasedReleaseMapping.release(for: observation(.active, day: day), announcing: "2.4.1")
        #expect(release.rollout == .percentage(percentage))
        #expect(release == .following(ApplePhasedRelease(state: .active, currentDayNumber: day), rollout: .percentage(percentage)))
    }

    @Test("a day outside 1…7 is held to the schedule's ends", arguments: [(0, 1.0), (-3, 1), (8, 100), (30, 100)])
    func clampedDays(day: Int, percentage: Double) {
        #expect(PhasedReleaseMapping.release(for: ApplePhasedRelease(state: .active, currentDayNumber: day)).rollout == .percentage(percentage))
    }

    @Test("a paused release pauses our optional prompts at 0 %, whatever the day")
    func paused() {
        #expect(PhasedReleaseMapping.release(for: observation(.paused, day: 4), announcing: "2.4.1").rollout == .percentage(0))
    }

    @Test("a complete release offers the update to everyone")
    func complete() {
        #expect(PhasedReleaseMapping.release(for: observation(.complete, day: 7), announcing: "2.4.1").rollout == .percentage(100))
    }

    @Test("no phased release, or one not started, keeps the policy's own rollout")
    func none() {
        #expect(PhasedReleaseMapping.release(for: observation(nil), announcing: "2.4.1") == .policyRollout(.notPhased))
        #expect(PhasedReleaseMapping.release(for: observation(.inactive), announcing: "2.4.1") == .policyRollout(.notPhased))
        #expect(PhasedReleaseMapping.release(for: observation(nil), announcing: "2.4.1").rollout(replacing: .percentage(30)) == .percentage(30))
    }

    @Test("Apple's phase of another version, or nothing on sale, keeps the policy's own rollout")
    func otherVersion() {
        #expect(PhasedReleaseMapping.release(for: observation(.active, day: 3, version: "2.4.0"), announcing: "2.4.1")
            == .policyRollout(.versionNotOnSale(onSale: "2.4.0")))
        #expect(PhasedReleaseMapping.release(for: observation(.active, day: 3, version: "2.4.1.0"), announcing: "2.4.1").rollout == .percentage(5))
        #expect(PhasedReleaseMapping.release(for: nil, announcing: "2.4.1") == .policyRollout(.versionNotOnSale(onSale: nil)))
    }

    @Test("a failure keeps the policy's own rollout and says why")
    func failure() {
        let release = PhasedReleaseMapping.release(for: AppStoreConnectError.unauthorized(status: 401))
        #expect(release.rollout == nil)
        #expect(release.rollout(replacing: .applePhased) == .applePhased)
        guard case .policyRollout(let why) = release else { Issue.record("not a fallback"); return }
        #expect(why.description.contains("401"))
    }
}
