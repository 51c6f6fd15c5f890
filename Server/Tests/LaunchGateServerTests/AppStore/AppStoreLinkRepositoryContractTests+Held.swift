import Foundation
import LaunchGate
import Testing
@testable import LaunchGateStorage

/// The contract's held answers across a relink (attack s15b, 3).
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
}
