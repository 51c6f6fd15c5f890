import Foundation
@_spi(LaunchGateServer) import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("A funnel revision that can't be checked is the server's error, never unknown-revision (review s14b, L3)")
struct FunnelRevisionCheckTests {
    @Test("with the policies' storage failing, checking a published revision throws the storage error: the SDK keeps its counts")
    func storageFails() async throws {
        try await TestServer.with(.sqlite, now: { Samples.now }) { server in
            let database = try #require(server.components.database)
            let recorder = FunnelRecorder(repository: MemoryFunnelRepository(), hasher: server.components.installHasher,
                                          policies: server.components.policies, now: { Samples.now })
            let report = FunnelReport(revisions: [FunnelCounts(revision: 1, counts: [.banner: 1])])
            // Storage that fails on every read of a revision, as an outage would.
            try await database.read { try await $0.raw("ALTER TABLE policy_revisions RENAME TO policy_revisions_away").run() }
            server.components.policies.cache.removeAll()
            do {
                _ = try await recorder.check(app: "notes", report: report)
                Issue.record("the check passed without its revisions")
            } catch let error as AdoptionError {
                Issue.record("answered \(error.code), which the SDK takes as final")
            } catch {}
            try await database.read { try await $0.raw("ALTER TABLE policy_revisions_away RENAME TO policy_revisions").run() }
            server.components.policies.cache.removeAll()
            #expect(try await recorder.check(app: "notes", report: report).map(\.revision) == [1], "the same check, storage back")
        }
    }
}
