import Foundation
import LaunchGate
import SQLKit
import Synchronization
import Testing
@testable import LaunchGateStorage

/// Two writers of one App Store link's row on PostgreSQL, each in its own transaction on its own
/// connection, made to overlap without a timing guess: a third connection holds the row while the
/// one to go first starts and waits for it, then the other starts and waits too (behind it, or on a
/// row the first took), and only then is the row let go. A writer that takes no lock on the row
/// doesn't wait: it runs on, and the race goes on from where it ended, which is the interleaving a
/// missing lock lets happen.
enum LinkRowRace: CaseIterable, CustomTestStringConvertible {
    /// `first` queued ahead of `second`.
    case firstAhead
    /// `second` queued ahead of `first`.
    case secondAhead
    /// Both started at once, nothing held: whichever the scheduler lets in first.
    case free

    var testDescription: String { "\(self)" }

    /// What a writer ended with.
    typealias Outcome<T> = Result<T, any Error>

    /// Runs `first` and `second` against the link of `app` on `platform`, whose row must exist, in this race's order.
    func run<A: Sendable, B: Sendable>(on database: Database, app: String, platform: Platform,
                                       _ first: @escaping @Sendable () async throws -> A,
                                       _ second: @escaping @Sendable () async throws -> B) async throws -> (Outcome<A>, Outcome<B>) {
        let ended = Ended()
        switch self {
        case .free:
            async let a = Self.outcome(first, ended)
            async let b = Self.outcome(second, ended)
            return await (a, b)
        case .firstAhead, .secondAhead:
            let (a, b) = try await database.transaction { db in
                try await db.raw("""
                    SELECT app_id FROM appstore_links WHERE app_id = \(bind: app) AND platform = \(bind: platform.rawValue) FOR UPDATE
                    """).run()
                if self == .firstAhead {
                    let a = Task { await Self.outcome(first, ended) }
                    try await Self.settle(1, ended, database)
                    let b = Task { await Self.outcome(second, ended) }
                    try await Self.settle(2, ended, database)
                    return (a, b)
                }
                let b = Task { await Self.outcome(second, ended) }
                try await Self.settle(1, ended, database)
                let a = Task { await Self.outcome(first, ended) }
                try await Self.settle(2, ended, database)
                return (a, b)
            }
            return await (a.value, b.value)
        }
    }

    private static func outcome<T>(_ body: @Sendable () async throws -> T, _ ended: Ended) async -> Outcome<T> {
        defer { ended.count.withLock { $0 += 1 } }
        do { return .success(try await body()) } catch { return .failure(error) }
    }

    /// Returns once `started` writers have each ended or wait for a lock in this database. A writer
    /// slow to get a connection under load is waited for up to 10 s; after that the race goes on
    /// less forced, which still checks what it ends with.
    private static func settle(_ started: Int, _ ended: Ended, _ database: Database) async throws {
        for _ in 0..<2000 {
            let waiting = try await database.read { db in
                try await db.raw("""
                    SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
                    """).first().map { try $0.decode(column: "n", as: Int.self) } ?? 0
            }
            if waiting + ended.count.withLock({ $0 }) >= started { return }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    private final class Ended: Sendable {
        let count = Mutex(0)
    }
}

extension LinkRowRace.Outcome {
    /// The value, or `nil` for a publish-race, the refusal a publish that lost the race ends with.
    /// Any other error (a deadlock's among them) is recorded as the test's failure.
    func publishedOrRaced(sourceLocation: SourceLocation = #_sourceLocation) -> Success? {
        switch self {
        case .success(let value): return value
        case .failure(let error as ServiceError) where error.code == "publish-race": return nil
        case .failure(let error):
            Issue.record("a writer failed: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// The value; an error (a deadlock's among them) is recorded as the test's failure.
    func succeeded(sourceLocation: SourceLocation = #_sourceLocation) -> Success? {
        switch self {
        case .success(let value): return value
        case .failure(let error):
            Issue.record("a writer failed: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}
