import Foundation
import HTTPTypes
import Metrics
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing
@testable import LaunchGateServer

/// The fast path in a real NIO HTTP pipeline, byte by byte, with a stand-in for Hummingbird
/// that records what reaches it and answers only when told to.
@Suite("The fast path keeps HTTP/1.1 framing and ordering intact")
struct FastPathPipelineTests {
    private static let target = "/v1/apps/notes/policy?platform=ios"
    private static let etag = "\"abc\""
    private static let get = "GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n"
    private static let second = 1_795_000_000

    // MARK: Tests

    @Test("a prepared GET is answered with the exact prepared bytes and never reaches the router")
    func answersPrepared() throws {
        let pipe = try Pipe()
        try pipe.send(Self.get)
        #expect(try pipe.written() == Self.okBytes)
        #expect(pipe.app.heads.isEmpty)
    }

    @Test("a matching If-None-Match gets the 304, and a different one the 200")
    func revalidation() throws {
        let pipe = try Pipe()
        try pipe.send("GET \(Self.target) HTTP/1.1\r\nIf-None-Match: \(Self.etag)\r\n\r\n")
        #expect(try pipe.written() == Self.notModifiedBytes)
        try pipe.send("GET \(Self.target) HTTP/1.1\r\nIf-None-Match: W/\"other\", W/\(Self.etag)\r\n\r\n")
        #expect(try pipe.written() == Self.notModifiedBytes)
        try pipe.send("GET \(Self.target) HTTP/1.1\r\nIf-None-Match: \"other\"\r\n\r\n")
        #expect(try pipe.written() == Self.okBytes)
    }

    @Test("a request behind one the router is still answering waits its turn, so answers stay in order")
    func ordering() throws {
        let pipe = try Pipe()
        try pipe.send("GET /healthz HTTP/1.1\r\n\r\n" + Self.get)
        #expect(pipe.app.heads.map(\.uri) == ["/healthz", Self.target])
        #expect(try pipe.written().isEmpty, "nothing may overtake the first answer")
        try pipe.app.answer("first")
        try pipe.app.answer("second")
        #expect(try pipe.written().hasPrefix("HTTP/1.1 200 OK"))
        // Both answered: the next one is fast again.
        try pipe.send(Self.get)
        #expect(try pipe.written() == Self.okBytes)
        #expect(pipe.app.heads.count == 2)
    }

    @Test("a head split across reads is answered once it is whole")
    func splitHead() throws {
        let pipe = try Pipe()
        try pipe.send("GET \(Self.target) HT")
        #expect(try pipe.written().isEmpty)
        try pipe.send("TP/1.1\r\nHost: t\r\n")
        try pipe.send("\r\n")
        #expect(try pipe.written() == Self.okBytes)
        #expect(pipe.app.heads.isEmpty)
    }

    @Test("pipelined prepared GETs are all answered, in one flush")
    func pipelinedFast() throws {
        let pipe = try Pipe()
        try pipe.send(Self.get + Self.get + Self.get)
        #expect(try pipe.written() == Self.okBytes + Self.okBytes + Self.okBytes)
    }

    @Test("after a request with a body, the decoder frames the rest of the connection")
    func bodyHandsOver() throws {
        let pipe = try Pipe()
        try pipe.send("POST /v1/admin/apps HTTP/1.1\r\nContent-Length: 19\r\n\r\nGET /x HTTP/1.1\r\n\r\n")
        #expect(pipe.app.heads.map(\.uri) == ["/v1/admin/apps"], "the body is not a request")
        #expect(pipe.app.bodyBytes == 19)
        try pipe.app.answer("created")
        try pipe.send(Self.get)
        #expect(pipe.app.heads.map(\.uri) == ["/v1/admin/apps", Self.target])
    }

    @Test("HTTP/1.0, Connection: close, HEAD and unknown targets go to the router")
    func routerCases() throws {
        for request in ["GET \(Self.target) HTTP/1.0\r\n\r\n", "GET \(Self.target) HTTP/1.1\r\nConnection: close\r\n\r\n",
                        "HEAD \(Self.target) HTTP/1.1\r\n\r\n", "GET /v1/apps/notes/policy?platform=android HTTP/1.1\r\n\r\n"] {
            let pipe = try Pipe()
            try pipe.send(request)
            #expect(pipe.app.heads.count == 1, "\(request)")
            #expect(try pipe.written().isEmpty, "\(request)")
        }
    }

    @Test("a publish invalidates what the connection remembered")
    func invalidation() throws {
        let pipe = try Pipe()
        try pipe.send(Self.get)
        _ = try pipe.written()
        pipe.cache.removeAll()
        try pipe.send(Self.get)
        #expect(pipe.app.heads.count == 1)
    }

    @Test("after answering, it asks for the next read itself, but leaves reads to backpressure once the router has work")
    func reads() throws {
        let pipe = try Pipe()
        try pipe.send(Self.get)
        _ = try pipe.written()
        #expect(pipe.reads.count == 1)
        try pipe.send("GET /healthz HTTP/1.1\r\n\r\n")
        try pipe.send("GET \(Self.target) HT")
        #expect(pipe.reads.count == 1, "the async channel decides when to read while a request is queued")
    }

    @Test("malformed input reaches the decoder, which rejects it")
    func malformed() throws {
        let pipe = try Pipe()
        try? pipe.send("GET / HTTP/1.1\nHost: t\n\n")
        #expect(try pipe.written().hasPrefix("HTTP/1.1 400"))
        #expect(pipe.app.heads.isEmpty)
    }

    // MARK: Helpers

    private static let okBytes = "HTTP/1.1 200 OK\r\nserver: LaunchGate\r\netag: \(etag)\r\ncontent-type: application/json\r\ncontent-length: 2\r\n"
        + "date: \(dateText)\r\n\r\n{}"
    private static let notModifiedBytes = "HTTP/1.1 304 Not Modified\r\nserver: LaunchGate\r\netag: \(etag)\r\ndate: \(dateText)\r\n\r\n"
    private static let dateText = "Wed, 18 Nov 2026 11:06:40 GMT"

    private struct Pipe {
        let channel = EmbeddedChannel()
        let app = RecordingApp()
        let reads = ReadCounter()
        let cache = DocumentCache()

        init() throws {
            let prepared = PreparedResponse(app: "notes", etag: FastPathPipelineTests.etag,
                                            okHeaders: [.eTag: FastPathPipelineTests.etag, .contentType: "application/json"],
                                            notModifiedHeaders: [.eTag: FastPathPipelineTests.etag], body: ByteBuffer(string: "{}"))
            cache.prepare(prepared, for: FastPathPipelineTests.target, builtIn: cache.generation)
            let cache = cache
            let date = HTTPDateHeader(now: { Date(timeIntervalSince1970: TimeInterval(FastPathPipelineTests.second)) })
            let pipeline = channel.pipeline.syncOperations
            try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: true)
            try pipeline.addHandler(PolicyFastPathInstaller { tracker in
                PolicyFastPathHandler(cache: cache, date: date, counter: Counter(label: "test_fast_path"), tracker: tracker)
            })
            try pipeline.addHandler(app)
            try pipeline.addHandler(reads, position: .first)
            channel.embeddedEventLoop.run()
        }

        /// One read from the socket: the bytes, then the end of the read.
        func send(_ text: String) throws {
            try channel.writeInbound(ByteBuffer(string: text))
        }

        /// Everything written to the socket since the last call.
        func written() throws -> String {
            var text = ""
            while var buffer = try channel.readOutbound(as: IOData.self).flatMap({ if case .byteBuffer(let b) = $0 { b } else { nil } }) {
                text += buffer.readString(length: buffer.readableBytes) ?? ""
            }
            return text
        }
    }

    /// Counts requests for the next read from the socket, where the channel would receive them.
    private final class ReadCounter: ChannelOutboundHandler {
        typealias OutboundIn = Any
        private(set) var count = 0

        func read(context: ChannelHandlerContext) {
            count += 1
            context.read()
        }
    }

    /// Stands in for Hummingbird: records requests and answers them only when told to.
    private final class RecordingApp: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        private(set) var heads: [HTTPRequestHead] = []
        private(set) var bodyBytes = 0
        private var context: ChannelHandlerContext?

        func handlerAdded(context: ChannelHandlerContext) { self.context = context }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): heads.append(head)
            case .body(let body): bodyBytes += body.readableBytes
            case .end: break
            }
        }

        func answer(_ text: String) throws {
            let context = try #require(context)
            let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: ["content-length": String(text.utf8.count)])
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}
