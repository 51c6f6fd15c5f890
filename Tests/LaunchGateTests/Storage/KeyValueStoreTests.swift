import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("Keeping state between launches")
struct KeyValueStoreTests {
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("launchgate-\(UUID().uuidString)")
    private var file: URL { directory.appendingPathComponent("nested/state.json") }

    // MARK: Tests

    @Test("the file store persists across instances and creates its directory")
    func filePersists() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileKeyValueStore(url: file).set(Data("hello".utf8), forKey: "a")
        #expect(FileKeyValueStore(url: file).data(forKey: "a") == Data("hello".utf8))
        let store = FileKeyValueStore(url: file)
        try store.set(nil, forKey: "a")
        #expect(FileKeyValueStore(url: file).data(forKey: "a") == nil)
    }

    @Test("a corrupt file is set aside and the store starts empty instead of crashing")
    func fileCorrupt() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{{{ not json".utf8).write(to: file)
        let store = FileKeyValueStore(url: file)
        #expect(store.data(forKey: "a") == nil)
        #expect(FileManager.default.fileExists(atPath: file.path + ".corrupt"))
        try store.set(Data("ok".utf8), forKey: "a")
        #expect(FileKeyValueStore(url: file).data(forKey: "a") == Data("ok".utf8))
    }

    @Test("a failed write keeps what was stored before")
    func fileFailedWrite() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileKeyValueStore(url: file)
        try store.set(Data("v1".utf8), forKey: "a")
        try FileManager.default.removeItem(at: file.deletingLastPathComponent())
        try Data("a file where the directory was".utf8).write(to: file.deletingLastPathComponent())
        #expect(throws: (any Error).self) { try store.set(Data("v2".utf8), forKey: "a") }
        #expect(store.data(forKey: "a") == Data("v1".utf8))
    }

    @Test("UserDefaults backs the store too, in its own suite")
    func userDefaults() throws {
        let suite = "launchgate-tests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let store = UserDefaultsStore(defaults: defaults)
        try store.set(Data([1, 2, 3]), forKey: "k")
        #expect(store.data(forKey: "k") == Data([1, 2, 3]))
        try store.set(nil, forKey: "k")
        #expect(store.data(forKey: "k") == nil)
    }

    @Test("the policy cache ignores an entry from another source URL and unreadable bytes")
    func cacheSource() throws {
        let store = InMemoryKeyValueStore()
        let cache = PolicyCache(store: store)
        let policy = try UpdatePolicy(json: PolicyDocuments.canonical())
        try cache.save(CachedPolicy(policy: policy, etag: "\"1\"", source: PolicyDocuments.url))
        #expect(cache.load(for: PolicyDocuments.url)?.policy == policy)
        #expect(cache.load(for: PolicyDocuments.staticURL) == nil)
        try store.set(Data("garbage".utf8), forKey: "launchgate.policy")
        #expect(cache.load(for: PolicyDocuments.url) == nil)
    }

    @Test("an entry an older SDK saved that today's rules refuse is not loaded, so a 304 can't keep serving it")
    func cacheRevalidated() throws {
        let store = InMemoryKeyValueStore()
        let cache = PolicyCache(store: store)
        var policy = try UpdatePolicy(json: PolicyDocuments.canonical())
        try cache.save(CachedPolicy(policy: policy, etag: "\"1\"", source: PolicyDocuments.url))
        #expect(cache.load(for: PolicyDocuments.url) != nil)
        // Saved as it is: the cache itself doesn't check on the way in.
        policy.platforms[.ios]?.updateURL = URL(string: "https://apps.apple.com@evil.example/x")
        try cache.save(CachedPolicy(policy: policy, etag: "\"2\"", source: PolicyDocuments.url))
        #expect(cache.load(for: PolicyDocuments.url) == nil)
    }
}

@Suite("The cache's binary form")
struct CachedPolicyBinaryTests {
    @Test("every feature of a policy survives the round trip")
    func roundTrip() throws {
        for policy in [try Fixtures.canonicalPolicy, try UpdatePolicy(json: PolicyDocuments.canonical(endOfLife: true)), UpdatePolicy()] {
            let entry = CachedPolicy(policy: policy, etag: "W/\"x\"", source: PolicyDocuments.url)
            let decoded = try CachedPolicy(binaryData: entry.binaryData())
            #expect(decoded == entry)
        }
    }

    @Test("every truncation, and a wrong magic or trailing bytes, is refused rather than misread")
    func damage() throws {
        let bytes = CachedPolicy(policy: try Fixtures.canonicalPolicy, etag: nil, source: PolicyDocuments.url).binaryData()
        for length in 0..<bytes.count {
            #expect(throws: (any Error).self) { try CachedPolicy(binaryData: bytes.prefix(length)) }
        }
        var wrongMagic = bytes
        wrongMagic[3] = 99
        #expect(throws: (any Error).self) { try CachedPolicy(binaryData: wrongMagic) }
        #expect(throws: (any Error).self) { try CachedPolicy(binaryData: bytes + Data([0])) }
        #expect(throws: (any Error).self) { try CachedPolicy(binaryData: Data(repeating: 0xFF, count: 64)) }
    }
}
