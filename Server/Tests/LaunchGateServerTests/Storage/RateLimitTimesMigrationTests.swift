import Foundation
import SQLKit
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Migration 029 keeps a rate-limit key's recent times in its row, carrying over the events recorded before it")
struct RateLimitTimesMigrationTests {
    static let now = Samples.now

    @Test("a key limited before the upgrade stays limited after it, with the same wait; keys beyond the horizon are swept",
          arguments: TestBackend.sql)
    func carriesEventsOver(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let before = Array(Migrator.all.prefix { $0.name != KeepRateLimitTimesPerKey().name })
            _ = try await Migrator(database: database, migrations: before).migrate()
            // Three sends to ada in the last hour, in no particular order; one to bob two hours ago.
            let events: [(String, TimeInterval)] = [("send|ada", -100), ("send|ada", -3000), ("send|ada", -1500), ("send|bob", -7200)]
            try await database.transaction { sql in
                for (key, offset) in events {
                    try await sql.insert(into: "rate_limit_events").columns("key", "at")
                        .values(SQLBind(key), SQLBind(Self.now.addingTimeInterval(offset).milliseconds)).run()
                }
            }
            _ = try await Migrator(database: database).migrate()
            let stored = try await database.read { sql in
                try await sql.raw(#"SELECT "key", touched_at, times FROM rate_limit_keys ORDER BY "key""#).all().map {
                    (try $0.decode(column: "key", as: String.self), try $0.decode(column: "touched_at", as: Int64.self),
                     try $0.decode(column: "times", as: String.self))
                }
            }
            try #require(stored.map(\.0) == ["send|ada", "send|bob"])
            #expect(RateLimitTimes.dates(stored[0].2) == [-3000, -1500, -100].map { Self.now.addingTimeInterval($0) }, "oldest first")
            #expect(stored[0].1 == Self.now.addingTimeInterval(-100).milliseconds, "touched at its newest event")

            let repository = SQLSignInRepository(database: database)
            _ = try await repository.sweep(eventsBefore: Self.now.addingTimeInterval(-3600), recordsBefore: Self.now.addingTimeInterval(-86_400), at: Self.now)
            let kept = try await database.read { try await $0.raw(#"SELECT "key" FROM rate_limit_keys"#).all().map { try $0.decode(column: "key", as: String.self) } }
            #expect(kept == ["send|ada"], "bob's key, touched two hours ago, is swept")
            let rules = [RateLimitRule(limit: 3, window: 3600)]
            #expect(try await repository.recordEvent(key: "send|ada", rules: rules, at: Self.now) == 600, "the oldest of three leaves the hour in 600 s")
            #expect(try await repository.recordEvent(key: "send|bob", rules: rules, at: Self.now) == nil)
        }
    }
}
