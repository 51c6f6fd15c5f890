import Foundation
import LaunchGate
import Logging
import Testing
@testable import LaunchGateServer

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

    @Test("a publish on one instance is served by another within a second", arguments: TestBackend.sql)
    func propagation(backend: TestBackend) async throws {
        try await withInstances(2, backend: backend) { instances in
            let (first, second) = (instances[0], instances[1])
            try await first.signingKeys.generate(now: Date())
            try await first.repository.createApp(Samples.app())
            _ = try await first.policies.publish(Samples.policy(required: "2.0.0"), app: "notes", channel: .production, author: "a")

            let watcher = Task {
                try await ChangeWatcher(repository: second.repository, policies: second.policies, interval: .milliseconds(250), logger: TestBackend.logger).run()
            }
            defer { watcher.cancel() }
            func servedRequired() async throws -> AppVersion? {
                let document = try await second.policies.document(app: "notes", channel: .production, platform: .ios, format: .canonical)
                return try UpdatePolicy(json: Data(buffer: document.body)).platforms[.ios]?.required?.version
            }
            #expect(try await servedRequired() == "2.0.0")  // now cached on the second instance

            _ = try await first.policies.publish(Samples.policy(required: "2.2.0"), app: "notes", channel: .production, author: "a")
            let published = ContinuousClock.now
            var seen: AppVersion? = "2.0.0"
            while seen != "2.2.0", ContinuousClock.now - published < .seconds(3) {
                try await Task.sleep(for: .milliseconds(50))
                seen = try await servedRequired()
            }
            let delay = ContinuousClock.now - published
            #expect(seen == "2.2.0")
            #expect(delay < .seconds(1), "visible after \(delay)")
        }
    }
}
