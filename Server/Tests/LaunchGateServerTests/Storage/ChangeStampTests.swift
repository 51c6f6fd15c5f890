import Foundation
import LaunchGate
import SQLKit
import Synchronization
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("The change stamp other instances poll")
struct ChangeStampTests {
    // MARK: Tests

    @Test("every write that changes what is served changes the stamp", arguments: TestBackend.available)
    func everyServedWrite(backend: TestBackend) async throws {
        try await backend.withRepository { repository, _ in
            var seen = [try await repository.changeStamp()]
            func expectChanged(_ what: String) async throws {
                let stamp = try await repository.changeStamp()
                #expect(!seen.contains(stamp), "\(what) left the stamp at \(stamp)")
                seen.append(stamp)
            }
            try await repository.createApp(Samples.app())
            try await expectChanged("creating an app")
            _ = try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "a", note: nil, at: Samples.now)
            try await expectChanged("a publish")
            try await repository.saveExemption(Exemption(appID: "notes", kind: .install, value: "i-1", note: nil, createdAt: Samples.now), author: "t", note: nil, at: Samples.now)
            try await expectChanged("adding an exemption")
            #expect(try await repository.removeExemption(appID: "notes", kind: .install, value: "i-1", author: "t", note: nil, at: Samples.now))
            try await expectChanged("removing an exemption")
            try await repository.saveSigningKey(SigningKeyRecord(id: "k", publicKey: "p", sealedPrivateKey: "s", createdAt: Samples.now), activate: true)
            try await expectChanged("a new signing key")
            try await repository.saveSigningKey(SigningKeyRecord(id: "k2", publicKey: "p2", sealedPrivateKey: "s2", createdAt: Samples.now), activate: false)
            #expect(try await repository.changeStamp() == seen.last, "a staged key signs nothing, so it leaves the stamp alone")
            _ = try await repository.activateSigningKey(id: "k2", at: Samples.now)
            try await expectChanged("activating the staged key")
            try await repository.saveToken(TokenRecord(id: "abcdefabcdef", name: "ci", scope: .publish, secretHash: "h", createdAt: Samples.now))
            #expect(try await repository.changeStamp() == seen.last, "tokens are not served, so they leave the stamp alone")
        }
    }

    /// The race the old `MAX(id)` stamp lost: a publish that took its id first but commits last.
    /// A watcher that polled between the two commits must still see a new stamp afterwards.
    @Test("a publish that commits after a later one is still noticed by a watcher that polled in between",
          arguments: TestBackend.sql.filter { $0 == .postgres })
    func lateCommitIsNoticed(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            try await interleave(on: database)
        }
    }

    /// Connection A publishes to one app and holds its transaction open; connection B publishes to
    /// another app; the watcher reads the stamp once B has committed or is waiting on A; then A commits.
    private func interleave(on database: Database) async throws {
        try await Migrator(database: database).migrate()
        let repository = SQLRepository(database: database)
        try await repository.createApp(Samples.app("first"))
        try await repository.createApp(Samples.app("second"))

        let (holding, holdingSignal) = AsyncStream<Void>.makeStream()
        let (release, releaseSignal) = AsyncStream<Void>.makeStream()
        let early = Task {
            try await database.transaction { db in
                _ = try await SQLRepository.publish(db, appID: "first", channel: .production, policy: Samples.policy(), author: "early",
                                                    note: nil, at: Samples.now)
                holdingSignal.yield()
                for await _ in release { break }
            }
        }
        defer { releaseSignal.finish(); early.cancel() }
        for await _ in holding { break }

        let lateDone = DoneFlag()
        let late = Task {
            defer { lateDone.set() }
            _ = try await repository.publish(appID: "second", channel: .production, policy: Samples.policy(), author: "late", note: nil, at: Samples.now)
        }
        // Wait (a bounded number of polls, not a timer) until the late publish has either committed
        // or is queued behind the early one's lock; either way, it has done all it can before A commits.
        var polls = 0
        while !lateDone.isSet {
            let waiting = try await database.read { db in
                try await db.raw("SELECT count(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")
                    .first()?.decode(column: "waiting", as: Int.self) ?? 0
            }
            if waiting > 0 { break }
            polls += 1
            try #require(polls < 2000, "the late publish neither committed nor waited")
            try await Task.sleep(for: .milliseconds(5))
        }
        let seenByWatcher = try await repository.changeStamp()

        releaseSignal.yield()
        try await early.value
        try await late.value
        let afterBoth = try await repository.changeStamp()
        #expect(afterBoth != seenByWatcher, "a watcher that saw \(seenByWatcher) would keep serving the old policy")
        #expect(try await repository.currentRevision(appID: "first", channel: .production)?.author == "early")
    }
}

/// Set when a task has finished, readable from another task.
private final class DoneFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
