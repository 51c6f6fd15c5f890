import Foundation
import NIOCore
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
}
