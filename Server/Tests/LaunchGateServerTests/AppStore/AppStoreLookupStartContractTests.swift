import Foundation
import Testing
@testable import LaunchGateStorage

/// One contract for every ``AppStoreLookupStartRepository``: memory, SQLite and PostgreSQL.
@Suite("App Store lookup starts are reserved one pace for every process: at most the limit in any 60 seconds, a minute kept")
struct AppStoreLookupStartContractTests {
    private func withStarts(_ backend: TestBackend, _ body: (any AppStoreLookupStartRepository) async throws -> Void) async throws {
        try await backend.withRepository { _, database in
            try await body(database.map { SQLAppStoreLookupStartRepository(database: $0) } ?? MemoryAppStoreLookupStartRepository())
        }
    }

    /// The most of `starts` in any 60 seconds (a window begins at one of them at its fullest).
    static func fullestMinute(_ starts: [Date]) -> Int {
        starts.map { begin in starts.count(where: { $0 >= begin && $0 < begin.addingTimeInterval(60) }) }.max() ?? 0
    }

    @Test("starts are reserved now while the minute has room, then a minute after the one they replace; none past the latest moment",
          arguments: TestBackend.available)
    func slidingMinute(_ backend: TestBackend) async throws {
        try await withStarts(backend) { starts in
            var reserved: [Date] = []
            for second in 0..<3 {
                let now = Samples.now.addingTimeInterval(Double(second))
                for _ in 0..<2 { reserved.append(try #require(try await starts.reserve(now: now, latest: now, limit: 6))) }
            }
            #expect(reserved == (0..<6).map { Samples.now.addingTimeInterval(Double($0 / 2)) })
            #expect(try await starts.reserve(now: Samples.now.addingTimeInterval(10), latest: Samples.now.addingTimeInterval(59), limit: 6) == nil,
                    "the next start is at 60 s")
            let waited = try await starts.reserve(now: Samples.now.addingTimeInterval(10), latest: Samples.now.addingTimeInterval(90), limit: 6)
            #expect(waited == Samples.now.addingTimeInterval(60))
            // A smaller limit (a scheduled poll's) counts every start too: not at 60 s, where a sync's still fits.
            #expect(try await starts.reserve(now: Samples.now.addingTimeInterval(10), latest: Samples.now.addingTimeInterval(90), limit: 5)
                    == Samples.now.addingTimeInterval(61))
            #expect(try await starts.reserve(now: Samples.now.addingTimeInterval(10), latest: Samples.now.addingTimeInterval(90), limit: 6)
                    == Samples.now.addingTimeInterval(60), "the two of second 0 each make room at 60 s, before the start at 61 s")
            #expect(try await starts.reserve(now: Samples.now.addingTimeInterval(10), latest: Samples.now.addingTimeInterval(90), limit: 6)
                    == Samples.now.addingTimeInterval(61), "the two of second 1 make room at 61 s")
        }
    }

    // Unforced: SQLite and memory serialize reservations anyway, and on PostgreSQL it passes without the
    // advisory lock; AppStoreLookupStartPostgresRaceTests forces the overlap (review s16, P8).
    @Test("two reservers at once never put more than the limit in any 60 seconds", arguments: TestBackend.available)
    func concurrentReservers(_ backend: TestBackend) async throws {
        try await withStarts(backend) { starts in
            let limit = 7
            let reserved = try await withThrowingTaskGroup(of: [Date].self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        var mine: [Date] = []
                        for step in 0..<20 {
                            let now = Samples.now.addingTimeInterval(Double(step) * 4)
                            if let start = try await starts.reserve(now: now, latest: now.addingTimeInterval(30), limit: limit) { mine.append(start) }
                        }
                        return mine
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(Self.fullestMinute(reserved) <= limit, "\(reserved.sorted().map { $0.timeIntervalSince(Samples.now) })")
            #expect(reserved.count > limit, "more than a minute's: \(reserved.count)")
        }
    }

    @Test("each reservation deletes the starts two minutes old, so ten minutes of lookups keep two minutes'", arguments: TestBackend.available)
    func pruned(_ backend: TestBackend) async throws {
        try await withStarts(backend) { starts in
            for step in 0..<200 {
                let now = Samples.now.addingTimeInterval(Double(step) * 3)
                _ = try await starts.reserve(now: now, latest: now, limit: 20)
            }
            #expect(try await starts.kept() == 40, "the starts of the last 120 s, one every 3 s")
        }
    }
}
