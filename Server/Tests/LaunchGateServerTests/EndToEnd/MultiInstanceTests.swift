import Foundation
import LaunchGate
import Logging
import Testing
@testable import LaunchGateServer

@Suite("Several instances on one database")
struct MultiInstanceTests {
    // MARK: Tests

    @Test("a publish on one instance is served by another within a second", arguments: TestBackend.sql)
    func propagation(backend: TestBackend) async throws {
        let location = try #require(try await backend.freshLocation())
        let key = try MasterKey(rawRepresentation: Data(repeating: 9, count: 32))
        func instance() async throws -> ServerComponents {
            let database = try await Database.open(location, logger: TestBackend.logger)
            try await Migrator(database: database).migrate()
            return ServerComponents(database: database, repository: SQLRepository(database: database), masterKey: key)
        }
        let first = try await instance()
        let second = try await instance()
        try await first.signingKeys.generate(now: Date())
        try await first.repository.createApp(Samples.app())
        _ = try await first.policies.publish(Samples.policy(required: "2.0.0"), app: "notes", channel: .production, author: "a")

        let watcher = Task {
            try await ChangeWatcher(repository: second.repository, policies: second.policies, interval: .milliseconds(250), logger: TestBackend.logger).run()
        }
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
        watcher.cancel()
        #expect(seen == "2.2.0")
        #expect(delay < .seconds(1), "visible after \(delay)")
        await first.database?.close()
        await second.database?.close()
    }
}
