import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
@testable import LaunchGateAppStore

@Suite("The AsyncHTTPClient transport caps bodies, gives up at its deadline and follows no redirect")
struct HTTPClientConnectTransportTests {
    /// A loopback server with a huge answer, a slow one, and a redirect whose target counts visits.
    final class Visits: Sendable { let count = Mutex(0) }

    private func withServer(_ body: @Sendable (Int, Visits) async throws -> Void) async throws {
        let visits = Visits()
        let router = Router()
        router.get("/ok") { _, _ in #"{"data":[]}"# }
        router.get("/huge") { _, _ in String(repeating: "x", count: 2 << 20) }
        router.get("/slow") { _, _ in
            try await Task.sleep(for: .seconds(3))
            return "late"
        }
        // The head at once, then a byte every 200 ms for 30 s: each read is quick, the whole is not.
        router.get("/drip") { _, _ in
            Response(status: .ok, body: ResponseBody { writer in
                for _ in 0..<150 {
                    try await writer.write(ByteBuffer(string: "x"))
                    try await Task.sleep(for: .milliseconds(200))
                }
                try await writer.finish(nil)
            })
        }
        router.get("/redirect") { _, _ in Response(status: .found, headers: [.location: "/elsewhere"]) }
        router.get("/elsewhere") { _, _ in
            visits.count.withLock { $0 += 1 }
            return "followed"
        }
        try await Application(router: router).test(.live) { client in
            try await body(try #require(client.port), visits)
        }
    }

    private func withTransport(_ body: (HTTPClientConnectTransport) async throws -> Void) async throws {
        let client = HTTPClientConnectTransport.makeClient()
        do { try await body(HTTPClientConnectTransport(client: client)) } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    @Test("an answer within the cap comes back whole, with its status")
    func ok() async throws {
        try await withServer { port, _ in
            try await withTransport { transport in
                let response = try await transport.get(URL(string: "http://127.0.0.1:\(port)/ok")!, bearer: "t", timeout: .seconds(10), maxBytes: 1 << 20)
                #expect(response.status == 200 && String(decoding: response.body, as: UTF8.self) == #"{"data":[]}"#)
            }
        }
    }

    @Test("a body over the cap is refused as too large")
    func huge() async throws {
        try await withServer { port, _ in
            try await withTransport { transport in
                await #expect { try await transport.get(URL(string: "http://127.0.0.1:\(port)/huge")!, bearer: "t", timeout: .seconds(10), maxBytes: 1 << 20) } throws: {
                    ($0 as? AppStoreConnectError)?.reason == .tooLarge
                }
            }
        }
    }

    @Test("an answer that doesn't come before the deadline is a timeout")
    func slow() async throws {
        try await withServer { port, _ in
            try await withTransport { transport in
                await #expect { try await transport.get(URL(string: "http://127.0.0.1:\(port)/slow")!, bearer: "t", timeout: .milliseconds(300), maxBytes: 1 << 20) } throws: {
                    ($0 as? AppStoreConnectError)?.reason == .timeout
                }
            }
        }
    }

    @Test("a body that drips in a byte at a time is a timeout at the deadline, since AsyncHTTPClient's own deadline ends with the head (review s13, G4)")
    func drip() async throws {
        try await withServer { port, _ in
            try await withTransport { transport in
                // Without the limit the drip's 150 bytes come back whole after 30 s, and nothing throws.
                await #expect { try await transport.get(URL(string: "http://127.0.0.1:\(port)/drip")!, bearer: "t", timeout: .seconds(5), maxBytes: 1 << 20) } throws: {
                    ($0 as? AppStoreConnectError)?.reason == .timeout
                }
            }
        }
    }

    @Test("a redirect is answered as it is, and its target never sees the token")
    func redirect() async throws {
        try await withServer { port, visits in
            try await withTransport { transport in
                let response = try await transport.get(URL(string: "http://127.0.0.1:\(port)/redirect")!, bearer: "t", timeout: .seconds(10), maxBytes: 1 << 20)
                #expect(response.status == 302)
                #expect(visits.count.withLock { $0 } == 0)
            }
        }
    }
}
