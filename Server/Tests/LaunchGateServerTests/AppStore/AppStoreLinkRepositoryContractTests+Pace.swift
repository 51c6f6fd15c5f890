import Foundation
import LaunchGate
import Testing
@testable import LaunchGateStorage

/// The contract's count of recorded lookups, which a sync in its own process paces itself by (attack s15, 6).
extension AppStoreLinkRepositoryContractTests {
    @Test("the storefronts asked since a time are counted over every link, from their recorded last ask, the time itself included",
          arguments: TestBackend.available)
    func storefrontsAskedSince(_ backend: TestBackend) async throws {
        try await withLinks(backend) { links in
            #expect(try await links.storefrontsAsked(since: Samples.now.addingTimeInterval(-60)) == 0)
            // Seconds before now each storefront was last asked; nil: never asked (its row holds only an error).
            let ago: [Platform: [String: TimeInterval?]] = [.ios: ["us": 30, "jp": 90, "fr": nil], .macos: ["fr": 10, "us": 60, "jp": 61]]
            for (platform, storefronts) in ago {
                var status = AppStoreLinkStatus(lastPollAt: Samples.now, nextPollAt: Samples.now.addingTimeInterval(900))
                status.storefronts = storefronts.mapValues { seconds in
                    AppStoreStorefrontStatus(lastPollAt: seconds.map { Samples.now.addingTimeInterval(-$0) }, lastError: "an error")
                }
                try await links.save(link(platform: platform))
                #expect(try await links.record(link(platform: platform), served: [:], status: status, reset: false))
            }
            #expect(try await links.storefrontsAsked(since: Samples.now.addingTimeInterval(-60)) == 3, "us 30 s ago; fr 10 s and us 60 s ago")
            #expect(try await links.storefrontsAsked(since: Samples.now.addingTimeInterval(-5)) == 0)
            #expect(try await links.storefrontsAsked(since: Samples.now.addingTimeInterval(-3600)) == 5, "one never asked isn't counted")
        }
    }
}
