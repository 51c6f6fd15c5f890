import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

/// The contract's storefront statuses (migration 046): read back with the link, and kept or forgotten on relink and unlink.
extension AppStoreLinkRepositoryContractTests {
    private static let statuses: [String: AppStoreStorefrontStatus] = [
        "us": AppStoreStorefrontStatus(lastPollAt: Samples.now, lastAnswerAt: Samples.now, lastAnswer: "2.5.0"),
        "jp": AppStoreStorefrontStatus(lastPollAt: Samples.now, lastAnswerAt: Samples.now.addingTimeInterval(-900), lastAnswer: "no such app",
                                       lastError: "jp: the App Store has no such app in this storefront",
                                       missingSince: Samples.now.addingTimeInterval(-7 * 3600), missingPolls: 3, withdrawnAt: Samples.now),
        // Not one of the link's storefronts: not kept.
        "de": AppStoreStorefrontStatus(lastPollAt: Samples.now),
    ]

    private func record(_ links: any AppStoreLinkRepository, _ link: AppStoreLink, served: [String: AppVersion] = [:]) async throws -> Bool {
        var status = AppStoreLinkStatus(lastPollAt: Samples.now, nextPollAt: Samples.now.addingTimeInterval(900))
        status.storefronts = Self.statuses
        return try await links.record(link, served: served, status: status, reset: false)
    }

    @Test("a recorded poll's storefront statuses are read back with the link from find, links and due, the link's storefronts only",
          arguments: TestBackend.available)
    func storefrontStatusRoundTrip(_ backend: TestBackend) async throws {
        try await withLinks(backend) { links in
            try await links.save(link())
            #expect(try await links.find(app: "notes", platform: .ios)?.status.storefronts == [:])
            #expect(try await record(links, link()))
            let expected = Self.statuses.filter { $0.key != "de" }
            #expect(try await links.find(app: "notes", platform: .ios)?.status.storefronts == expected)
            #expect(try await links.links(app: "notes").first?.status.storefronts == expected)
            #expect(try await links.due(at: Samples.now.addingTimeInterval(900), limit: 5).first?.status.storefronts == expected)
        }
    }

    @Test("two overlapping polls of one link each write only the storefronts they asked, so neither erases the other's (review s15, M7)",
          arguments: TestBackend.available)
    func overlappingPollsKeepEachOthersStorefronts(_ backend: TestBackend) async throws {
        try await withLinks(backend) { links in
            try await links.save(link())
            var first = AppStoreLinkStatus(lastPollAt: Samples.now, nextPollAt: Samples.now.addingTimeInterval(900))
            first.storefronts = Self.statuses
            first.storefronts["fr"] = AppStoreStorefrontStatus(lastPollAt: Samples.now, lastAnswerAt: Samples.now, lastAnswer: "2.5.0")
            #expect(try await links.record(link(), served: [:], status: first, reset: false))
            // A sync and a poll both read the link as it is now, then ask different storefronts.
            let read = try #require(try await links.find(app: "notes", platform: .ios))
            let asked = Samples.now.addingTimeInterval(60)
            var sync = read.status, poll = read.status
            sync.storefronts["fr"] = AppStoreStorefrontStatus(lastPollAt: asked, lastAnswerAt: asked, lastAnswer: "2.6.0")
            poll.storefronts["us"] = AppStoreStorefrontStatus(lastPollAt: asked, lastAnswerAt: asked, lastAnswer: "2.6.1")
            #expect(try await links.record(read, served: [:], status: sync, reset: false))
            #expect(try await links.record(read, served: [:], status: poll, reset: false))
            let storefronts = try #require(try await links.find(app: "notes", platform: .ios)?.status.storefronts)
            #expect(storefronts["fr"]?.lastAnswer == "2.6.0", "the sync's storefront stays: \(storefronts)")
            #expect(storefronts["us"]?.lastAnswer == "2.6.1" && storefronts["jp"] == Self.statuses["jp"])
        }
    }

    @Test("a withdrawn storefront keeps no floor, so it comes back as a fresh one", arguments: TestBackend.available)
    func withdrawnHasNoFloor(_ backend: TestBackend) async throws {
        try await withLinks(backend) { links in
            try await links.save(link())
            #expect(try await record(links, link(), served: ["us": "2.5.0", "jp": "2.4.1"]))
            #expect(try await links.find(app: "notes", platform: .ios)?.served == ["us": "2.5.0"])
        }
    }

    @Test("a relink to the same app keeps the statuses of the storefronts still named; another app's relink and an unlink forget them",
          arguments: TestBackend.available)
    func storefrontStatusOnRelinkAndUnlink(_ backend: TestBackend) async throws {
        try await withLinks(backend) { links in
            try await links.save(link())
            #expect(try await record(links, link()))
            try await links.save(link(storefronts: ["us"], minute: 1))
            #expect(try await links.find(app: "notes", platform: .ios)?.status.storefronts.keys.sorted() == ["us"])
            try await links.save(link(.bundleID("com.example.other"), minute: 2))
            #expect(try await links.find(app: "notes", platform: .ios)?.status.storefronts == [:])

            let relinked = link(minute: 3)
            try await links.save(relinked)
            #expect(try await record(links, relinked))
            #expect(try await links.remove(app: "notes", platform: .ios))
            try await links.save(relinked)
            #expect(try await links.find(app: "notes", platform: .ios)?.status.storefronts == [:], "the unlink removed them")
        }
    }
}
