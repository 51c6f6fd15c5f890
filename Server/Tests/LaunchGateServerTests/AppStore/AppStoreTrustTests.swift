import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

@Suite("The trusted version moves only once a storefront has answered the newest version for a day")
struct AppStoreTrustTests {
    typealias Fixture = AppStorePollerTests.Fixture

    // MARK: Tests

    @Test("one lie published, then stale answers for a day, is not trusted: a poll that doesn't answer the newest again restarts its day (review s15, M1)")
    func lieNotTrustedFromTheFloor() async throws {
        let fixture = await Fixture(storefronts: ["us"])
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.10.0"))
        _ = try await fixture.poll()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "7.10.0"))
        guard case .published = try await fixture.poll() else { Issue.record("expected 5 majors up published"); return }
        // The store answers the real version again: stale against the floor, which keeps 7.10.0.
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.10.0"))
        fixture.clock.advance(86_400)
        _ = try await fixture.poll()
        #expect(await fixture.status()?.trustedVersion == "2.4.1", "7.10.0 stood a day only in the floor")
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "7.10.0"))
        _ = try await fixture.poll()
        #expect(await fixture.status()?.trustedVersion == "2.4.1", "its day restarted at the stale answer")
        fixture.clock.advance(86_400)
        _ = try await fixture.poll()
        #expect(await fixture.status()?.trustedVersion == "7.10.0", "answered again a day after the restart")
    }

    @Test("a young version's notes are corrected only by the storefront that gave them: us, fr, fr, us, us publishes the English notes once (review s15, M6)")
    func youngFieldsFromOneStorefront() async throws {
        let fixture = await Fixture(storefronts: ["us", "fr"])
        let english = FakeAppStoreTransport.lookup(version: "2.5.0", notes: "What's new.")
        await fixture.transport.set("us", english)
        await fixture.transport.set("fr", FakeAppStoreTransport.lookup(version: "2.5.0", notes: "Nouveautés."))
        guard case .published = try await fixture.poll() else { Issue.record("expected a publish"); return }
        // us fails twice: fr answers first, twice in a row, in French; then us answers again, twice.
        for answer in [FakeAppStoreTransport.Answer.status(503), .status(503), english, english] {
            await fixture.transport.set("us", answer)
            fixture.clock.advance(300)
            #expect(try await fixture.poll() == .unchanged)
        }
        #expect(await fixture.revisionCount() == 2)
        #expect(await fixture.published()?.latest?.notes == "What's new.")
    }
}
