import Foundation
import LaunchGate
import Testing
@testable import LaunchGateStorage

/// The contract for each storefront's status in every ``AppStoreLinkRepository``: memory, SQLite
/// and PostgreSQL (the `appstore_storefront_status` table, migration 046).
@Suite("App Store link storage keeps each storefront's status with its link, only for its storefronts, and forgets it on unlink or relink")
struct AppStoreStorefrontStatusContractTests {
    private func withLinks(_ backend: TestBackend, _ body: (any AppStoreLinkRepository) async throws -> Void) async throws {
        try await backend.withRepository { repository, database in
            try await repository.createApp(Samples.app("notes"))
            try await body(database.map { SQLAppStoreLinkRepository(database: $0) } ?? MemoryAppStoreLinkRepository())
        }
    }

    private func link(_ identity: AppStoreIdentity = .bundleID("com.example.notes"), storefronts: [String] = ["fr", "jp", "us"],
                      minute: Double = 0) -> AppStoreLink {
        AppStoreLink(app: "notes", platform: .ios, identity: identity, storefronts: storefronts, createdAt: Samples.now.addingTimeInterval(minute * 60))
    }

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

    // MARK: Tests

    @Test("a recorded poll's storefront statuses are read back with the link from find, links and due, the link's storefronts only",
          arguments: TestBackend.available)
    func roundTrip(_ backend: TestBackend) async throws {
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
    func relinkAndUnlink(_ backend: TestBackend) async throws {
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
