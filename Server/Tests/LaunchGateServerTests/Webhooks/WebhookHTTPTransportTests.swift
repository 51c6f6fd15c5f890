import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import LaunchGateWebhooks

@Suite("Webhook attempts end at their timeout, however slowly the receiver answers")
struct WebhookHTTPTransportTests {
    /// A receiver on loopback: one that answers at once, one that sends its head at once and then a
    /// byte every 200 ms for 30 s.
    private func withReceiver(_ body: @Sendable (Int) async throws -> Void) async throws {
        let router = Router()
        router.post("/ok") { _, _ in "thanks" }
        router.post("/slow-loop") { _, _ in
            try await Task.sleep(for: .seconds(1))
            return Response(status: .temporaryRedirect, headers: [.location: "/slow-loop"])
        }
        router.post("/drip") { _, _ in
            Response(status: .ok, body: ResponseBody { writer in
                for _ in 0..<150 {
                    try await writer.write(ByteBuffer(string: "x"))
                    try await Task.sleep(for: .milliseconds(200))
                }
                try await writer.finish(nil)
            })
        }
        try await Application(router: router).test(.live) { client in try await body(try #require(client.port)) }
    }

    /// Generous for a loaded test machine: the drip lasts 30 s, far past it.
    private func transport() -> WebhookHTTPTransport {
        WebhookHTTPTransport(policy: WebhookAddressPolicy(allowPrivate: true), timeout: .seconds(5))
    }

    @Test("a receiver that answers at once is read, status and body")
    func answered() async throws {
        try await withReceiver { port in
            // 30 s: no timeout is under test here, and one attempt's deadline now covers its DNS lookup and connect
            // too, which a full run on a loaded machine once took past 5 s.
            let transport = WebhookHTTPTransport(policy: WebhookAddressPolicy(allowPrivate: true), timeout: .seconds(30))
            let response = try await transport.post(to: URL(string: "http://127.0.0.1:\(port)/ok")!, headers: [], body: Data("{}".utf8))
            #expect(response.status == 200 && response.body == "thanks")
        }
    }

    @Test("redirects share their attempt's deadline: 4 hops of 1 s each end a 3 s attempt, though each hop alone is in time (attack s14, H2)")
    func redirectsShareTheDeadline() async throws {
        try await withReceiver { port in
            let transport = WebhookHTTPTransport(policy: WebhookAddressPolicy(allowPrivate: true), timeout: .seconds(3))
            // With a timeout per hop this ends after the fourth hop, with too many redirects. The attempt's
            // deadline ends it first; on a loaded machine the hop's own read timeout (the rest of that
            // deadline) may be what fires, which is the same rule.
            let error = await #expect(throws: HTTPClientError.self) {
                _ = try await transport.post(to: URL(string: "http://127.0.0.1:\(port)/slow-loop")!, headers: [], body: Data("{}".utf8))
            }
            #expect(error == .deadlineExceeded || error == .readTimeout, "\(String(describing: error))")
        }
    }

    @Test("a receiver that drips its body a byte at a time fails the attempt at its timeout, since AsyncHTTPClient's own deadline ends with the head (review s13, G4)")
    func drip() async throws {
        try await withReceiver { port in
            // Without the limit the drip's 150 bytes come back after 30 s as a 200, and the delivery would count as done.
            await #expect(throws: HTTPClientError.deadlineExceeded) {
                _ = try await transport().post(to: URL(string: "http://127.0.0.1:\(port)/drip")!, headers: [], body: Data("{}".utf8))
            }
        }
    }
}
