import Foundation
import LaunchGate
import Testing
@testable import LaunchGateStorage

/// One contract for every ``FunnelRepository``: memory, SQLite and PostgreSQL.
@Suite("Funnel storage adds counts from an install's first ping of a day, caps prompted installs, and reports conversion")
struct FunnelRepositoryContractTests {
    static let today = 20_000

    private func withFunnel(_ backend: TestBackend, _ body: (any FunnelRepository) async throws -> Void) async throws {
        try await backend.withRepository { _, database in
            try await body(database.map { SQLFunnelRepository(database: $0) } ?? MemoryFunnelRepository())
        }
    }

    private func ping(_ install: String, _ version: String = "1.0.0", day: Int = 0, platform: Platform = .ios,
                      counts: [FunnelCounts] = []) -> FunnelPing {
        FunnelPing(appID: "notes", platform: platform, installHash: install, version: version, day: Self.today + day, counts: counts)
    }

    private func banner(_ revision: Int = 3, _ count: Int = 1, update: Int = 0) -> [FunnelCounts] {
        [FunnelCounts(revision: revision, counts: [.banner: count, .update: update])]
    }

    private func totals(_ repository: any FunnelRepository, revision: Int? = nil) async throws -> [String: Int] {
        var totals: [String: Int] = [:]
        for day in try await repository.days(appID: "notes", platform: nil, channel: nil, revision: revision, fromDay: 0) {
            for event in PromptFunnel.Event.allCases where day.counts[event] > 0 {
                let channel = day.channel == .production ? "" : "\(day.channel) "
                totals["\(day.platform) \(channel)r\(day.revision) d\(day.day - Self.today) \(event)", default: 0] += day.counts[event]
            }
        }
        return totals
    }

    // MARK: Tests

    @Test("counts add up per app, platform, revision and day", arguments: TestBackend.available)
    func aggregation(_ backend: TestBackend) async throws {
        try await withFunnel(backend) { repository in
            let result = try await repository.record([ping("a", counts: banner(3, 2, update: 1)), ping("b", counts: banner(3, 1)), ping("c", platform: .android, counts: banner(4, 1)),
                                                      ping("a", day: 1, counts: banner(3, 1))], limits: FunnelLimits())
            #expect(result.counted == 4)
            #expect(try await totals(repository) == ["ios r3 d0 banner": 3, "ios r3 d0 update": 1, "android r4 d0 banner": 1, "ios r3 d1 banner": 1])
            #expect(try await totals(repository, revision: 4) == ["android r4 d0 banner": 1])
            #expect(try await repository.days(appID: "other", platform: nil, channel: nil, revision: nil, fromDay: 0).isEmpty)
        }
    }

    @Test("only an install's first ping of a day adds its counts, in one write or across writes", arguments: TestBackend.available)
    func firstPingOfTheDay(_ backend: TestBackend) async throws {
        try await withFunnel(backend) { repository in
            let first = try await repository.record([ping("a", counts: banner(3, 5)), ping("a", counts: banner(3, 5))], limits: FunnelLimits())
            #expect(first.counted == 1 && first.repeated == 1)
            let again = try await repository.record([ping("a", counts: banner(3, 5)), ping("a", day: -1, counts: banner(3, 5))], limits: FunnelLimits())
            #expect(again.counted == 0 && again.repeated == 2)
            #expect(try await totals(repository) == ["ios r3 d0 banner": 5])
        }
    }

    @Test("past the cap a new install's counts are refused; kept installs go on counting", arguments: TestBackend.available)
    func cap(_ backend: TestBackend) async throws {
        try await withFunnel(backend) { repository in
            let limits = FunnelLimits(installsPerAppPlatform: 2)
            _ = try await repository.record([ping("a", counts: banner()), ping("b", counts: banner())], limits: limits)
            let result = try await repository.record([ping("c", counts: banner()), ping("a", day: 1, counts: banner()),
                                                      ping("d", platform: .android, counts: banner())], limits: limits)
            #expect(result.overInstallCap == 1 && result.counted == 2)
            #expect(try await totals(repository) == ["ios r3 d0 banner": 2, "ios r3 d1 banner": 1, "android r3 d0 banner": 1])
        }
    }

    @Test("conversion counts prompted installs seen on a newer version within 1, 3 and 7 days, among those old enough", arguments: TestBackend.available)
    func conversion(_ backend: TestBackend) async throws {
        try await withFunnel(backend) { repository in
            // Prompted 10 days ago: a updates a day later, b after five days, c never; d is prompted today.
            _ = try await repository.record([ping("a", "1.0.0", day: -10, counts: banner()), ping("b", "1.0.0", day: -10, counts: banner()),
                                             ping("c", "1.0.0", day: -10, counts: banner()), ping("d", "1.0.0", day: 0, counts: banner())], limits: FunnelLimits())
            // A ping without counts still tells the update; an older version is not one.
            _ = try await repository.record([ping("a", "1.1.0", day: -9), ping("c", "0.9.0", day: -9), ping("b", "1.0.0", day: -8)], limits: FunnelLimits())
            _ = try await repository.record([ping("b", "2.0.0", day: -5), ping("d", "2.0.0", day: 0)], limits: FunnelLimits())
            let conversions = try await repository.conversions(appID: "notes", platform: nil, channel: nil, revision: nil, fromDay: 0, today: Self.today)
            let windows = try #require(conversions.first).windows
            #expect(conversions.count == 1 && conversions.first?.prompted == 4)
            #expect(windows == [.init(days: 1, prompted: 3, updated: 1), .init(days: 3, prompted: 3, updated: 1), .init(days: 7, prompted: 3, updated: 2)])
        }
    }

    @Test("an install that never showed counts is not kept, and pruning forgets old days and installs", arguments: TestBackend.available)
    func pruning(_ backend: TestBackend) async throws {
        try await withFunnel(backend) { repository in
            _ = try await repository.record([ping("quiet", "1.0.0", day: -20), ping("a", day: -20, counts: banner()), ping("b", day: 0, counts: banner())],
                                            limits: FunnelLimits())
            try await repository.prune(before: Self.today - 10)
            #expect(try await totals(repository) == ["ios r3 d0 banner": 1])
            let conversions = try await repository.conversions(appID: "notes", platform: nil, channel: nil, revision: nil, fromDay: 0, today: Self.today)
            #expect(conversions.map(\.prompted) == [1])
            // The cap's count follows the pruned rows: one install kept, so one more fits under a cap of 2.
            let result = try await repository.record([ping("c", counts: banner()), ping("e", counts: banner())], limits: FunnelLimits(installsPerAppPlatform: 2))
            #expect(result.counted == 1 && result.overInstallCap == 1)
        }
    }

    @Test("beta's revision 3 and production's revision 3 are kept apart, read per channel, and convert per channel", arguments: TestBackend.available)
    func channels(_ backend: TestBackend) async throws {
        try await withFunnel(backend) { repository in
            let beta = [FunnelCounts(revision: 3, channel: .beta, counts: [.required: 4, .update: 1])]
            _ = try await repository.record([ping("a", counts: banner(3, 2)), ping("b", counts: beta)], limits: FunnelLimits())
            #expect(try await totals(repository) == ["ios r3 d0 banner": 2, "ios beta r3 d0 required": 4, "ios beta r3 d0 update": 1])
            let betaDays = try await repository.days(appID: "notes", platform: nil, channel: .beta, revision: 3, fromDay: 0)
            #expect(betaDays.map { [$0.channel.rawValue, String($0.counts[.required]), $0.counts.channel.rawValue] } == [["beta", "4", "beta"]])
            let conversions = try await repository.conversions(appID: "notes", platform: nil, channel: nil, revision: 3, fromDay: 0, today: Self.today)
            #expect(conversions.map { "\($0.channel) \($0.prompted)" } == ["beta 1", "production 1"])
            let production = try await repository.conversions(appID: "notes", platform: nil, channel: .production, revision: nil, fromDay: 0, today: Self.today)
            #expect(production.map(\.channel) == [.production])
        }
    }

    @Test("an install is kept under the channel it was prompted on last and that channel's newest revision, not the highest number of any channel",
          arguments: TestBackend.available)
    func promptedChannel(_ backend: TestBackend) async throws {
        try await withFunnel(backend) { repository in
            // Counted last on production: production's 3, though beta's 5 is the higher number.
            let moved = [FunnelCounts(revision: 3, counts: [.banner: 1]), FunnelCounts(revision: 5, channel: .beta, counts: [.required: 1]),
                         FunnelCounts(revision: 2, counts: [.banner: 1])]
            _ = try await repository.record([ping("a", counts: moved)], limits: FunnelLimits())
            let conversions = try await repository.conversions(appID: "notes", platform: nil, channel: nil, revision: nil, fromDay: 0, today: Self.today)
            #expect(conversions.map { "\($0.channel) \($0.revision) \($0.prompted)" } == ["production 3 1"])
        }
    }
}
