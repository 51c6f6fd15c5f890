import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOEmbedded
import Testing
@testable import LaunchGateServer

/// A client that pipelines requests and never reads must not make the server read, answer and
/// queue without end.
@Suite("The fast path stops reading while the peer reads nothing")
struct FastPathBackpressureTests {
    private typealias Pipe = FastPathPipe

    // MARK: Tests

    @Test("while the channel is not writable nothing is answered and no read is requested; both resume once it is")
    func holdsReads() throws {
        let pipe = try Pipe()
        pipe.setWritable(false)
        try pipe.send(Pipe.get + Pipe.get)
        #expect(try pipe.written().isEmpty)
        let before = pipe.reads.count
        pipe.channel.pipeline.read()
        #expect(pipe.reads.count == before, "the channel's own read request waits too")
        pipe.setWritable(true)
        #expect(try pipe.written() == Pipe.okBytes + Pipe.okBytes)
        #expect(pipe.reads.count == before + 1)
    }

    @Test("at most 16 of a connection's requests wait for the router; the rest of its pipeline waits unread until answers go out")
    func capsPipeline() throws {
        let pipe = try Pipe()
        let count = PolicyFastPathHandler.maximumInFlight
        try pipe.send(String(repeating: "GET /nope HTTP/1.1\r\nHost: t\r\n\r\n", count: count + 4))
        #expect(pipe.app.heads.count == count, "the rest is held")
        let before = pipe.reads.count
        pipe.channel.pipeline.read()
        #expect(pipe.reads.count == before, "and nothing more is read meanwhile")
        try pipe.app.answer("a")
        pipe.channel.embeddedEventLoop.run()
        #expect(pipe.app.heads.count == count + 1, "each answer lets one more through")
        for _ in 0..<3 { try pipe.app.answer("b") }
        pipe.channel.embeddedEventLoop.run()
        #expect(pipe.app.heads.count == count + 4)
        #expect(pipe.reads.count == before + 1, "the held read goes out once the pipeline is short again")
        #expect(try pipe.written().hasPrefix(RecordingApp.answerBytes("a")))
    }

    @Test("answers stop in the middle of a read once the channel turns unwritable, and the rest follow when it is writable")
    func stopsMidRead() throws {
        let pipe = try Pipe()
        try pipe.channel.pipeline.syncOperations.addHandler(UnwritableAfterWrite(), position: .first)
        try pipe.send(Pipe.get + Pipe.get + Pipe.get)
        #expect(try pipe.written() == Pipe.okBytes)
        pipe.setWritable(true)
        #expect(try pipe.written() == Pipe.okBytes + Pipe.okBytes)
    }

    @Test("a partial head and a request for the router are held the same way")
    func holdsRouterRequests() throws {
        let pipe = try Pipe()
        pipe.setWritable(false)
        try pipe.send("GET /healthz HTTP/1.1\r\n\r\nGET /x HT")
        #expect(pipe.app.heads.isEmpty)
        pipe.setWritable(true)
        #expect(pipe.app.heads.map(\.uri) == ["/healthz"])
    }

    @Test("a live client that pipelines GETs and never reads is soon refused more bytes")
    func liveClientBlocks() async throws {
        let server = try await TestServer.make()
        let uri = Pipe.target
        try await server.application.test(.live) { client in
            _ = try await client.execute(uri: uri, method: .get)
            let port = try #require(client.port)
            let socket = try RawClientSocket(port: port, sendBuffer: 64 * 1024)
            let chunk = Array(String(repeating: "GET \(uri) HTTP/1.1\r\nHost: t\r\n\r\n", count: 1_000).utf8)
            let limit = 16 * 1024 * 1024
            var (sent, stalls) = (0, 0)
            let deadline = Date().addingTimeInterval(120)
            // Stalled twice in a row for a second: the server has stopped reading.
            while sent < limit, stalls < 2, Date() < deadline {
                // Whole requests only: go on from where the kernel stopped taking bytes.
                let offset = sent % chunk.count
                let taken = try socket.writeWithoutBlocking(Array(chunk[offset...]))
                sent += taken
                if taken == 0 { stalls = socket.waitUntilWritable(milliseconds: 1_000) ? 0 : stalls + 1 }
            }
            #expect(stalls == 2, "the server kept reading: \(sent) bytes taken")
            #expect(sent < limit)
        }
    }
}

/// Makes the channel unwritable after its first write, as a socket whose peer stopped reading would.
private final class UnwritableAfterWrite: ChannelOutboundHandler {
    typealias OutboundIn = IOData
    private var done = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        guard !done else { return }
        done = true
        (context.channel as? EmbeddedChannel)?.isWritable = false
        // As a socket channel does when a write passes its high-water mark: at once, from the head.
        context.pipeline.syncOperations.fireChannelWritabilityChanged()
    }
}
