import Foundation
import LaunchGate
import Testing
@testable import LaunchGateStorage

/// The contract's trusted version under racing records (attack s16, 2).
extension AppStoreLinkRepositoryContractTests {
    @Test("a record moves the trusted version only forward: a poll that read the link before an accept keeps the accepted trust; a record that lowered what it read takes it",
          arguments: TestBackend.available)
    func trustedOnlyMovesForward(_ backend: TestBackend) async throws {
        try await withLinks(backend) { links in
            try await links.save(link())
            #expect(try await links.record(link(), served: ["us": "40.0.0"], status: AppStoreLinkStatus(nextPollAt: Samples.now, trustedVersion: "40.0.0"),
                                           reset: false))
            let read = try #require(try await links.find(app: "notes", platform: .ios))
            // An operator's accept of 52.0.0 records first; the poll that read 40.0.0 records its 40.0.0 after.
            var accepted = read.status
            accepted.trustedVersion = "52.0.0"
            #expect(try await links.record(read, served: ["us": "52.0.0"], status: accepted, reset: false))
            #expect(try await links.record(read, served: ["us": "40.0.0"], status: read.status, reset: false))
            #expect(try await links.find(app: "notes", platform: .ios)?.status.trustedVersion == "52.0.0", "the racing poll didn't undo the accept")
            // A reset (or an accept of the newest served) that lowered the trust it read is taken as it is.
            let now = try #require(try await links.find(app: "notes", platform: .ios))
            var lowered = now.status
            lowered.trustedVersion = "41.0.0"
            #expect(try await links.record(now, served: ["us": "41.0.0"], status: lowered, reset: true))
            #expect(try await links.find(app: "notes", platform: .ios)?.status.trustedVersion == "41.0.0")
        }
    }
}
