import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("The live URLSession transport against a local server")
struct URLSessionTransportTests {
    private static let cap = 256 * 1024

    /// The byte count a `tooLarge` error reports.
    private func received(_ error: any Error) -> Int? {
        guard let error = error as? LaunchGateError, error == .tooLarge(0, limit: 0) else { return nil }
        return Int(error.message.split(separator: " ")[3])
    }

    // MARK: Tests

    @Test("an endless body without Content-Length stops at the cap plus one read, while the server is still sending")
    func streamingCap() async throws {
        // 8 GiB is "endless" here: the test stops the server long before, and it bounds a broken run.
        let server = try LocalHTTPServer([.stream(chunk: 16 * 1024, total: 8 << 30)])
        async let served: Void = server.serve()
        let request = TransportRequest(url: server.base.appendingPathComponent("policy"), timeout: 10, maximumBodySize: Self.cap)
        let error = await #expect(throws: LaunchGateError.self) { try await URLSessionTransport().send(request) }
        server.stop()
        await served
        // The transport answered without waiting for the end: the server never got there. (Whether the
        // server is still writing when this task resumes is a race on a busy machine, since the transport
        // drops the connection right after answering; a transport that waited for the end would have
        // timed out instead of reporting the cap, which the count below checks.)
        #expect(server.bytesWritten.first.map { $0 < 8 << 30 } == true)
        let count = try #require(error.flatMap(received), "\(String(describing: error))")
        #expect(count > Self.cap && count <= Self.cap + 64 * 1024, "read \(count) bytes")
    }

    @Test("a declared Content-Length over the cap is refused before the body is read")
    func declaredLength() async throws {
        let server = try LocalHTTPServer([.raw("HTTP/1.1 200 OK\r\nContent-Length: 9999999\r\nConnection: close\r\n\r\n{}")])
        async let served: Void = server.serve()
        let request = TransportRequest(url: server.base, timeout: 10, maximumBodySize: Self.cap)
        let error = await #expect(throws: LaunchGateError.self) { try await URLSessionTransport().send(request) }
        await served
        #expect(error.flatMap(received) == 9_999_999)
    }

    @Test("a declared Content-Length over the cap ends the exchange at once even while the server goes on sending")
    func declaredLengthStreaming() async throws {
        // Linux's URLSession ignores a `.cancel` answer to the response and goes on reading the body.
        let server = try LocalHTTPServer([.stream(chunk: 16 * 1024, total: 8 << 30, declaredLength: 8 << 30)])
        async let served: Void = server.serve()
        let request = TransportRequest(url: server.base, timeout: 30, maximumBodySize: Self.cap)
        let error = await #expect(throws: LaunchGateError.self) { try await URLSessionTransport().send(request) }
        server.stop()
        await served
        #expect(error.flatMap(received) == 8 << 30, "\(String(describing: error))")
        #expect(server.bytesWritten.first.map { $0 < 8 << 30 } == true)
    }

    @Test("a body under the cap arrives whole, with its status and headers, and the request's headers reach the server")
    func smallBody() async throws {
        let server = try LocalHTTPServer([.raw("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nETag: \"v9\"\r\nContent-Length: 11\r\nConnection: close\r\n\r\n{\"a\": true}")])
        async let served: Void = server.serve()
        let request = TransportRequest(url: server.base, headers: ["LaunchGate-Client": "version=\"1.0\""], timeout: 10, maximumBodySize: Self.cap)
        let response = try await URLSessionTransport().send(request)
        await served
        #expect(response.status == 200 && response.header("etag") == "\"v9\"")
        #expect(response.body == Data(#"{"a": true}"#.utf8))
        #expect(server.requests.first?.lowercased().contains("launchgate-client: version=\"1.0\"") == true)
    }

    @Test("a POST reaches the server with its method, headers and exact body")
    func postBody() async throws {
        let server = try LocalHTTPServer([.raw("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")])
        async let served: Void = server.serve()
        let body = Data(#"{"email":"ada@example.com"}"#.utf8)
        let request = TransportRequest(method: "POST", url: server.base.appendingPathComponent("api/auth/send-code"),
                                  headers: ["Content-Type": "application/json"], body: body, timeout: 10, maximumBodySize: Self.cap)
        let response = try await URLSessionTransport().send(request)
        await served
        #expect(response.status == 200)
        let received = try #require(server.requests.first)
        #expect(received.hasPrefix("POST /api/auth/send-code HTTP/1.1\r\n"), "\(received)")
        #expect(received.lowercased().contains("content-type: application/json"))
        #expect(received.hasSuffix("\r\n\r\n" + String(decoding: body, as: UTF8.self)), "\(received)")
    }

    @Test("the fetcher hands its timeout and size cap to the transport")
    func requestCarriesLimits() async {
        let transport = ScriptedTransport()
        let fetcher = PolicyFetcher(source: PolicySource(url: PolicyDocuments.url), app: AppInfo(version: "1.0"), installID: "i",
                                    transport: transport, cache: PolicyCache(store: InMemoryKeyValueStore()),
                                    configuration: .init(timeout: .milliseconds(1_500), maximumSize: 4_096))
        _ = await fetcher.fetch()
        #expect(transport.requests.first?.timeout == 1.5)
        #expect(transport.requests.first?.maximumBodySize == 4_096)
    }
}
