import Foundation
import InMemoryLogging
import LaunchGate
import Logging
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Several instances on one database")
struct MultiInstanceTests {
    /// Opens `count` instances on one location, runs `body`, and closes every instance and
    /// removes the location whether `body` returns or throws (`defer` can't await).
    private func withInstances(_ count: Int, backend: TestBackend, _ body: ([ServerComponents]) async throws -> Void) async throws {
        try await backend.withFreshLocation { location in
            let location = try #require(location)
            let key = try MasterKey(rawRepresentation: Data(repeating: 9, count: 32))
            var instances: [ServerComponents] = []
            do {
                for _ in 0..<count {
                    let database = try await TestBackend.open(location)
                    instances.append(ServerComponents(database: database, repository: SQLRepository(database: database), masterKey: key))
                    try await Migrator(database: database).migrate()
                }
                try await body(instances)
            } catch {
                for instance in instances { await instance.database?.close() }
                throw error
            }
            for instance in instances { await instance.database?.close() }
        }
    }

    // MARK: Tests

    /// No wall-clock bound: the whole suite shares two loaded cores, where a poll can take
    /// seconds. What matters is that the second instance, never restarted, notices the publish
    /// through its watcher's change stamp; the bound only keeps a broken watcher from hanging the suite.
    @Test("a publish on one instance is served by another without a restart, once its watcher sees the stamp change", arguments: TestBackend.sql)
    func propagation(backend: TestBackend) async throws {
        try await withInstances(2, backend: backend) { instances in
            let (first, second) = (instances[0], instances[1])
            try await first.signingKeys.generate(now: Date())
            try await first.repository.createApp(Samples.app())
            _ = try await first.policies.publish(Samples.policy(required: "2.0.0"), app: "notes", channel: .production, author: "a")

            // The watcher logs each change it acts on; its first poll always counts as one.
            let log = InMemoryLogHandler()
            var logger = Logger(label: "watcher") { _ in log }
            logger.logLevel = .debug
            let changesSeen = { log.entries.filter { $0.message.description.hasPrefix("policy changed elsewhere") }.count }
            let watcher = Task {
                try await ChangeWatcher(repository: second.repository, policies: second.policies, interval: .milliseconds(100), logger: logger).run()
            }
            defer { watcher.cancel() }
            try await poll("the watcher's first poll") { changesSeen() >= 1 }

            func servedRequired() async throws -> AppVersion? {
                let document = try await second.policies.document(app: "notes", channel: .production, platform: .ios, format: .canonical)
                return try UpdatePolicy(json: Data(buffer: document.body)).platforms[.ios]?.required?.version
            }
            #expect(try await servedRequired() == "2.0.0")  // now cached on the second instance

            _ = try await first.policies.publish(Samples.policy(required: "2.2.0"), app: "notes", channel: .production, author: "a")
            try await poll("the second instance serving 2.2.0") { try await servedRequired() == "2.2.0" }
            #expect(changesSeen() >= 2, "served without the watcher noticing a change")
        }
    }

    /// Checks `condition` every 50 ms until it holds, at most 1,200 times (a minute and more).
    private func poll(_ what: String, _ condition: () async throws -> Bool) async throws {
        for _ in 0..<1_200 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("gave up waiting for \(what)")
    }
}
