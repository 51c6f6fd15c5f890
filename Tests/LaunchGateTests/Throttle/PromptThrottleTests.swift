import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@Suite("Throttling dismissed prompts (seed 004 FR-013 to FR-016)")
struct PromptThrottleTests {
    private let clock = TestClock()
    private let store = InMemoryKeyValueStore()
    private var throttle: PromptThrottle { PromptThrottle(store: store, now: clock.now) }

    private func banner(_ version: AppVersion, interval: TimeInterval = 86_400) -> UpdateDecision {
        .updateAvailable(UpdatePrompt(kind: .updateAvailable, targetVersion: version, reminderInterval: interval))
    }

    // MARK: Tests

    @Test("a dismissed banner stays hidden for 24 hours, then comes back")
    func twentyFourHours() throws {
        #expect(throttle.shouldShow(banner("1.2.0")))
        try throttle.recordDismissal(of: banner("1.2.0"))
        #expect(!throttle.shouldShow(banner("1.2.0")))
        clock.advance(by: 86_399)
        #expect(!throttle.shouldShow(banner("1.2.0")))
        clock.advance(by: 1)
        #expect(throttle.shouldShow(banner("1.2.0")))
    }

    @Test("a dismissed 1.2.0 banner comes back at once when 1.3.0 ships")
    func newVersionResets() throws {
        try throttle.recordDismissal(of: banner("1.2.0"))
        clock.advance(by: 60)
        #expect(throttle.shouldShow(banner("1.3.0")))
    }

    @Test("escalating from a banner to a recommended screen for the same version shows at once")
    func escalationResets() throws {
        try throttle.recordDismissal(of: banner("1.2.0"))
        let recommended = UpdateDecision.updateRecommended(UpdatePrompt(kind: .updateRecommended, targetVersion: "1.2.0"))
        #expect(throttle.shouldShow(recommended))
    }

    @Test("the policy's reminder interval is honoured")
    func customInterval() throws {
        try throttle.recordDismissal(of: banner("1.2.0", interval: 3_600))
        clock.advance(by: 3_600)
        #expect(throttle.shouldShow(banner("1.2.0", interval: 3_600)))
    }

    @Test("required, end-of-life and unsupported screens are never throttled and can't be dismissed")
    func blockingNeverThrottled() {
        for decision in [
            UpdateDecision.updateRequired(UpdatePrompt(kind: .updateRequired, targetVersion: "2.0.0")),
            .endOfLife(UpdatePrompt(kind: .endOfLife)),
            .deviceUnsupported(UpdatePrompt(kind: .deviceUnsupported)),
        ] {
            #expect(throttle.shouldShow(decision))
            #expect(throws: LaunchGateError.notDismissable) { try throttle.recordDismissal(of: decision) }
            #expect(throttle.shouldShow(decision))
        }
        #expect(!throttle.shouldShow(.upToDate))
    }

    @Test("a dismissal survives a relaunch: a new throttle on the same store still hides the banner")
    func persists() throws {
        try throttle.recordDismissal(of: banner("1.2.0"))
        let relaunched = PromptThrottle(store: store, now: clock.now)
        #expect(!relaunched.shouldShow(banner("1.2.0")))
    }

    @Test("clock moved back a year: the prompt is hidden for one more interval, then returns (not silenced forever)")
    func clockBackwards() throws {
        try throttle.recordDismissal(of: banner("1.2.0"))
        clock.advance(by: -365 * 86_400)
        #expect(!throttle.shouldShow(banner("1.2.0")), "no nagging right after the change")
        clock.advance(by: 86_400)
        #expect(throttle.shouldShow(banner("1.2.0")), "back after one interval, not after a year")
    }

    @Test("clock moved back repeatedly does not produce a nag loop")
    func clockBackwardsLoop() throws {
        try throttle.recordDismissal(of: banner("1.2.0"))
        for _ in 0..<5 {
            clock.advance(by: -3_600)
            #expect(!throttle.shouldShow(banner("1.2.0")))
        }
    }

    @Test("clock jumped forward past the interval: the prompt shows once, and a new dismissal hides it again")
    func clockForwards() throws {
        try throttle.recordDismissal(of: banner("1.2.0"))
        clock.advance(by: 3 * 86_400)
        #expect(throttle.shouldShow(banner("1.2.0")))
        try throttle.recordDismissal(of: banner("1.2.0"))
        clock.advance(by: -3 * 86_400)
        #expect(!throttle.shouldShow(banner("1.2.0")))
    }

    @Test("the last successful check is stored, and a re-check is due after the interval or when the clock moved back")
    func lastCheck() throws {
        #expect(throttle.lastSuccessfulCheck == nil)
        #expect(throttle.isCheckDue(interval: 10_800))
        try throttle.recordSuccessfulCheck()
        #expect(throttle.lastSuccessfulCheck == clock.date)
        #expect(!throttle.isCheckDue(interval: 10_800))
        #expect(throttle.isCheckDue(interval: 0))
        clock.advance(by: 10_800)
        #expect(throttle.isCheckDue(interval: 10_800))
        try throttle.recordSuccessfulCheck()
        clock.advance(by: -60)
        #expect(throttle.isCheckDue(interval: 10_800))
    }

    @Test("a failing store keeps the previous dismissal and reports the error")
    func failingStore() throws {
        try throttle.recordDismissal(of: banner("1.2.0"))
        store.failWrites()
        #expect(throws: LaunchGateError.self) { try throttle.recordDismissal(of: banner("1.3.0")) }
        #expect(!throttle.shouldShow(banner("1.2.0")))
    }
}
