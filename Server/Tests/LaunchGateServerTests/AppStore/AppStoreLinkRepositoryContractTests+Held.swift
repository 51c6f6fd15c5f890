import Foundation
import LaunchGate
import Testing
@testable import LaunchGateStorage

/// The contract's held answers across a relink (attack s15b, 3), and its trusted version under racing records (attack s16, 2).
extension AppStoreLinkRepositoryContractTests {
    @Test("relinking the same app keeps the held answers of the storefronts still named, their time included; another app starts from none",
          arguments: TestBackend.available)
    func relinkKeepsHeld(_ backend: TestBackend) async throws {
        try await withLinks(backend) { links in
            try await links.save(link())
            let answeredAt = Samples.now.addingTimeInterval(-3600)
            var status = AppStoreLinkStatus(nextPollAt: Samples.now, trustedVersion: "2.3.0")
            status.ignoredAnswers = [
                IgnoredAnswer(storefront: "fr", version: "12.0.0", reason: .held(trusted: "2.3.0", jump: .majors(5)), answeredAt: answeredAt),
                IgnoredAnswer(storefront: "jp", version: "2.2.0", reason: .stale(floor: "2.3.0")),
                IgnoredAnswer(storefront: "us", version: "12.0.0", reason: .held(trusted: "2.3.0", jump: .majors(5)), answeredAt: answeredAt),
            ]
            #expect(try await links.record(link(), served: ["us": "2.3.0"], status: status, reset: false))
            try await links.save(link(storefronts: ["us", "jp", "gb"]))
            let kept = try #require(try await links.find(app: "notes", platform: .ios)?.status)
            #expect(kept.ignoredAnswers == [status.ignoredAnswers[2]], "us's held answer, not fr's (unlinked) nor jp's stale one")
            try await links.save(link(.bundleID("com.example.other"), storefronts: ["us"]))
            #expect(try await links.find(app: "notes", platform: .ios)?.status.ignoredAnswers == [])
        }
    }

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
