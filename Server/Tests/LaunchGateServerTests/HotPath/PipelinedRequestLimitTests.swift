import NIOCore
import NIOEmbedded
import Testing
@testable import LaunchGateServer

/// Requests pipelined behind the one being answered wait, parsed, in NIO's pipelining handler:
/// ``PipelinedRequestLimit`` closes a connection whose waiting requests hold more than its limit,
/// so a client that pipelines deep and reads slowly holds a known, small amount.
@Suite("A connection whose pipelined requests hold more than the limit while they wait is closed")
struct PipelinedRequestLimitTests {
    private typealias Pipe = HotPathPipe
    private static let openAPI = "GET /openapi.yaml HTTP/1.1\r\nHost: t\r\n\r\n"

    // MARK: Tests

    @Test("200 requests pipelined behind a slow answer close the connection once the peer stops reading; without the limit they all wait")
    func deepPipeline() async throws {
        let limited = try await Pipe.make(hotPath: false, pipelinedBytes: PipelinedRequestLimit.defaultLimit)
        try limited.send(String(repeating: Self.openAPI, count: 200))
        #expect(limited.channel.isActive, "closed while the peer still reads")
        limited.setWritable(false)
        #expect(!limited.channel.isActive, "200 parsed requests held while the first is answered and the peer reads nothing")
        let unlimited = try await Pipe.make(hotPath: false)
        try unlimited.send(String(repeating: Self.openAPI, count: 200))
        unlimited.setWritable(false)
        #expect(unlimited.channel.isActive)
    }

    @Test("a request pipelined past the limit while the peer reads nothing closes the connection at once")
    func arrivesWhileStalled() async throws {
        let pipe = try await Pipe.make(hotPath: false, pipelinedBytes: PipelinedRequestLimit.defaultLimit)
        try pipe.send(Self.openAPI)
        pipe.setWritable(false)
        try pipe.send(String(repeating: Self.openAPI, count: 20))
        #expect(pipe.channel.isActive, "20 requests are within the limit")
        try pipe.send(String(repeating: Self.openAPI, count: 200))
        #expect(!pipe.channel.isActive)
    }

    @Test("a client that pipelines deep and reads its answers is answered in full, in order, round after round")
    func readingPipeliner() async throws {
        let pipe = try await Pipe.make(hotPath: false, pipelinedBytes: PipelinedRequestLimit.defaultLimit)
        for round in 0..<5 {
            try pipe.send(String(repeating: Self.openAPI, count: 200))
            for index in 0..<200 { try pipe.app.answer("\(round).\(index)") }
            #expect(pipe.channel.isActive, "round \(round)")
            #expect(try pipe.responses().map(\.body) == (0..<200).map { "\(round).\($0)" })
            // Between rounds the peer falls behind for a moment: nothing waits, so nothing is judged.
            pipe.setWritable(false)
            pipe.setWritable(true)
        }
        #expect(pipe.app.requests.count == 1_000)
    }

    @Test("the request being answered doesn't count: its own large body is the server's to read")
    func firstRequestsBody() async throws {
        let pipe = try await Pipe.make(hotPath: false, pipelinedBytes: 1_024)
        pipe.setWritable(false)
        let body = String(repeating: "x", count: 200_000)
        try pipe.send("POST /v1/anything HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        #expect(pipe.channel.isActive)
        #expect(pipe.app.bodyBytes == body.utf8.count)
        // A second request's body waits behind it, and counts.
        try pipe.send("POST /v1/anything HTTP/1.1\r\nHost: t\r\nContent-Length: 2000\r\n\r\n" + String(repeating: "y", count: 2_000))
        #expect(!pipe.channel.isActive)
    }

    @Test("prepared GETs pipelined deep are answered as they arrive, so they never wait and never reach the limit")
    func hotPathDoesNotWait() async throws {
        let pipe = try await Pipe.make(pipelinedBytes: PipelinedRequestLimit.defaultLimit)
        try pipe.send(String(repeating: Pipe.get, count: 2_000))
        #expect(pipe.channel.isActive)
        #expect(try pipe.responses().count == 2_000)
    }
}
