import Foundation
import InMemoryLogging
import LaunchGate
import Logging
import SQLKit
import Testing
@testable import LaunchGateStorage

@Suite("A link's newest answer is stored as typed JSON; one that doesn't decode reads as none, logged, and the link stays")
struct AppStoreNewestReleaseStorageTests {
    @Test("an unreadable newest_release (the old one-text form, or garbage) reads as none with one warning per link, however often read; the link and the rest of its status stay, and the next record replaces it",
          arguments: TestBackend.sql)
    func malformedReadsAsNone(backend: TestBackend) async throws {
        try await AppStoreIgnoredAnswerStorageTests.withLink(backend: backend) { database, links, link, log in
            let status = AppStoreLinkStatus(nextPollAt: Samples.now, trustedVersion: "2.4.0", newestVersion: "2.5.0", newestSince: Samples.now,
                                            newestMinorSince: Samples.now, newestRelease: AppStoreNewestRelease(storefront: "us", notes: "Sync."))
            #expect(try await links.record(link, served: ["us": "2.5.0"], status: status, reset: false))
            for stored in ["us\u{1F}16.0\u{1F}Faster sync.", "{\"storefront\": 7}"] {
                try await database.transaction { sql in
                    try await sql.update("appstore_links").set("newest_release", to: SQLBind(stored)).where("app_id", .equal, "notes").run()
                }
                for _ in 1...3 { _ = try await links.due(at: Samples.now, limit: 10) }
                let found = try #require(try await links.find(app: "notes", platform: .ios), "the link stays")
                #expect(found.status.newestRelease == nil, "read as none: \(stored)")
                #expect(found.status.trustedVersion == "2.4.0" && found.status.newestVersion == "2.5.0" && found.status.newestMinorSince == Samples.now)
                #expect(try await links.due(at: Samples.now, limit: 10).map(\.app) == ["notes"], "still polled")
            }
            let warnings = log.entries.filter { $0.level == .warning && "\($0.message)".contains("newest_release") }
            #expect(warnings.count == 2, "each unreadable value is logged once per link, not on every read (review s16, P7): \(log.entries)")
            var fixed = status
            fixed.newestRelease = AppStoreNewestRelease(storefront: "us", minimumOS: "17.0", notes: "Sync.", corrected: true)
            #expect(try await links.record(link, served: ["us": "2.5.0"], status: fixed, reset: false))
            #expect(try await links.find(app: "notes", platform: .ios)?.status.newestRelease == fixed.newestRelease)
        }
    }

    @Test("the warnings already logged are bounded: past the capacity the set starts over, so a key can warn again but memory doesn't grow (review s16, P7)")
    func onceWarningsBounded() {
        let warnings = OnceWarnings()
        #expect(warnings.first("notes/ios") && !warnings.first("notes/ios"))
        for index in 1..<OnceWarnings.capacity { #expect(warnings.first("app\(index)/ios")) }
        #expect(!warnings.first("notes/ios"), "still within the capacity")
        #expect(warnings.first("one-more/ios") && warnings.first("notes/ios"), "full: it started over")
    }
}
