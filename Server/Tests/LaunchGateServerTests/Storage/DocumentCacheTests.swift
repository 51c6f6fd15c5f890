import Foundation
import NIOCore
import Synchronization
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("The hot-path document cache")
struct DocumentCacheTests {
    private let key = DocumentKey(app: "notes", channel: .production, platform: .ios, format: .canonical)
    private let document = ServedDocument(body: ByteBuffer(string: "{}"), etag: "\"1\"", signature: nil)

    @Test("a document built before an invalidation is not kept, so a stale read can't outlive a publish")
    func generation() {
        let cache = DocumentCache()
        let before = cache.generation
        cache.removeAll()
        cache.store(document, for: key, builtIn: before)
        #expect(cache.document(for: key) == nil)
        cache.store(document, for: key, builtIn: cache.generation)
        #expect(cache.document(for: key)?.etag == "\"1\"")
    }

    @Test("after a change, the requests that miss together read the database and build the document once, not each", arguments: TestBackend.sql)
    func oneLoadAfterAChange(backend: TestBackend) async throws {
        try await TestServer.with(backend) { server in
            let (policies, database) = (server.components.policies, try #require(server.components.database))
            _ = try await policies.document(app: "notes", channel: .production, platform: .ios, format: .canonical)
            await policies.invalidate()
            let before = database.statements.value
            let tags = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<64 {
                    group.addTask { try await policies.document(app: "notes", channel: .production, platform: .ios, format: .canonical).etag }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(tags.count == 1)
            // The apps, the current revision and the signing key: each read once, not 64 times.
            #expect(database.statements.value - before <= 4, "\(database.statements.value - before) statements for 64 misses")
            #expect(policies.cache.documentLoads.count == 0 && policies.cache.policyLoads.count == 0, "a load's entry goes when it ends")
        }
    }

    @Test("a caller after a change never shares a load begun before it: it loads anew, without waiting for the old one")
    func laterGenerationLoadsAnew() async throws {
        let flights = SingleFlight<String, Int>()
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let old = Task { try await flights.value(for: "k", generation: 1) { for await _ in gate { break }; return 1 } }
        while flights.count == 0 { try await Task.sleep(for: .milliseconds(5)) }
        let answered = Mutex<Int?>(nil)
        let later = Task {
            let value = try await flights.value(for: "k", generation: 2) { 2 }
            answered.withLock { $0 = value }
        }
        let (clock, started) = (ContinuousClock(), ContinuousClock.now)
        while answered.withLock({ $0 }) == nil, clock.now - started < .seconds(10) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(answered.withLock { $0 } == 2, "answered while the old load still waits")
        open.yield()
        #expect(try await old.value == 1)
        try await later.value
        #expect(flights.count == 0)
    }
}
