import Foundation
import Logging
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The sweep is not on the start-up path (issue 27, item 2: a sweep at start made the first
/// policy read and send-code wait 14.4 s).
@Suite("The sign-in sweeper sweeps one interval after start-up, not at it")
struct SignInSweeperTests {
    // MARK: Tests

    @Test("with an hour's interval nothing is swept in the first moments after start-up; with a short one it is")
    func firstSweepWaitsAnInterval() async throws {
        for (interval, swept) in [(3600.0, false), (0.1, true)] {
            let fixture = try await SignInFixture.make(configuration: SignInConfiguration(sweepInterval: interval))
            let repository = fixture.components.signInRepository
            let old = fixture.clock.date.addingTimeInterval(-7200)
            _ = try await repository.recordEvent(key: "send|notes|ada@example.com", rules: [RateLimitRule(limit: 5, window: 3600)], at: old)
            let sweeper = Task { try await SignInSweeper(signIn: fixture.service, logger: Logger(label: "test")).run() }
            var gone = false
            for _ in 0..<40 where !gone {
                try await Task.sleep(for: .milliseconds(25))
                gone = try await repository.lastEvent(key: "send|notes|ada@example.com") == nil
            }
            sweeper.cancel()
            _ = try? await sweeper.value
            #expect(gone == swept, "interval \(interval) s: the hour-old key was \(gone ? "" : "not ")swept within a second")
            await fixture.close()
        }
    }
}
