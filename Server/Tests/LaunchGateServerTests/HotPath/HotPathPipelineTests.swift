import Foundation
import LaunchGate
import NIOCore
import NIOEmbedded
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The hot path in the server's real connection pipeline, after NIO's decoder and pipelining
/// handler, with a stand-in for Hummingbird that answers only when told to.
@Suite("The hot path answers prepared reads in order and hands everything else on")
struct HotPathPipelineTests {
    private typealias Pipe = HotPathPipe

    // MARK: Tests

    @Test("a prepared GET is answered with the document and its headers, and never reaches Hummingbird")
    func answersPrepared() async throws {
        let pipe = try await Pipe.make()
        try pipe.send(Pipe.get)
        let answers = try pipe.responses()
        #expect(answers.map(\.status) == ["HTTP/1.1 200 OK"])
        #expect(answers.first?.body == pipe.body)
        #expect(answers.first?.headers["etag"] == pipe.document.etag)
        #expect(answers.first?.headers["launchgate-signature"] == pipe.document.signature)
        #expect(answers.first?.headers["date"] == "Wed, 18 Nov 2026 11:06:40 GMT")
        #expect(answers.first?.headers["x-request-id"]?.isEmpty == false)
        #expect(pipe.app.requests.isEmpty)
    }

    @Test("a matching If-None-Match gets the 304, and a different one the 200")
    func revalidation() async throws {
        let pipe = try await Pipe.make()
        let etag = pipe.document.etag
        for (value, status) in [(etag, "HTTP/1.1 304 Not Modified"), ("W/\"other\", W/\(etag)", "HTTP/1.1 304 Not Modified"),
                                ("*", "HTTP/1.1 304 Not Modified"), ("\"other\"", "HTTP/1.1 200 OK")] {
            try pipe.send("GET \(Pipe.target) HTTP/1.1\r\nHost: t\r\nIf-None-Match: \(value)\r\n\r\n")
            #expect(try pipe.responses().map(\.status) == [status], "\(value)")
        }
        #expect(pipe.app.requests.isEmpty)
    }

    @Test("a prepared GET behind a request Hummingbird is still answering waits its turn, so answers stay in order")
    func ordering() async throws {
        let pipe = try await Pipe.make()
        try pipe.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n" + Pipe.get + "GET /nope HTTP/1.1\r\nHost: t\r\n\r\n" + Pipe.get)
        #expect(pipe.app.paths == ["/healthz"])
        #expect(try pipe.written().isEmpty, "nothing may overtake the first answer")
        try pipe.app.answer("first")
        #expect(pipe.app.paths == ["/healthz", "/nope"], "the prepared GET was answered, then /nope handed on")
        try pipe.app.answer("second")
        let answers = try pipe.responses()
        #expect(answers.map(\.body) == ["first", pipe.body, "second", pipe.body])
    }

    @Test("two thousand pipelined prepared GETs in one read are all answered, in order, without nesting a write per request")
    func longPipeline() async throws {
        let pipe = try await Pipe.make()
        try pipe.send(String(repeating: Pipe.get, count: 2_000))
        let answers = try pipe.responses()
        #expect(answers.count == 2_000)
        #expect(answers.allSatisfy { $0.body == pipe.body })
    }

    @Test("HTTP/1.0, Connection: close, a body, HEAD on a seed path, POST, unknown apps and other spellings go to Hummingbird",
          arguments: ["GET \(HotPathPipe.target) HTTP/1.0\r\n\r\n", "GET \(HotPathPipe.target) HTTP/1.1\r\nHost: t\r\nConnection: Close\r\n\r\n",
                      "GET \(HotPathPipe.target) HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\n{}", "HEAD /version.json HTTP/1.1\r\nHost: t\r\n\r\n",
                      "POST \(HotPathPipe.target) HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n", "GET /v1/apps/ghost/policy?platform=ios HTTP/1.1\r\nHost: t\r\n\r\n",
                      "GET /v1/apps/notes/policy?platform=android HTTP/1.1\r\nHost: t\r\n\r\n", "GET /v1/apps/%6Eotes/policy?platform=ios HTTP/1.1\r\nHost: t\r\n\r\n",
                      "GET //v1/apps/notes/policy?platform=ios HTTP/1.1\r\nHost: t\r\n\r\n", "GET /v1/apps/notes/policy/?platform=ios HTTP/1.1\r\nHost: t\r\n\r\n",
                      "GET /v1/apps/notes/policy?platform=plan9 HTTP/1.1\r\nHost: t\r\n\r\n", "GET /v1/apps/notes/check?version=1.0.0 HTTP/1.1\r\nHost: t\r\n\r\n"])
    func handedOn(request: String) async throws {
        let pipe = try await Pipe.make()
        try pipe.send(request)
        #expect(pipe.app.requests.count == 1, "\(request)")
        #expect(try pipe.written().isEmpty, "\(request)")
    }

    @Test("HEAD on the policy gets the GET's headers and no body")
    func head() async throws {
        let pipe = try await Pipe.make()
        try pipe.send("HEAD \(Pipe.target) HTTP/1.1\r\nHost: t\r\n\r\n" + Pipe.get)
        let answers = try pipe.responses(heads: 1)
        #expect(answers.map(\.status) == ["HTTP/1.1 200 OK", "HTTP/1.1 200 OK"])
        #expect(answers.first?.body == "" && answers.last?.body == pipe.body)
        #expect(answers.first?.headers["content-length"] == String(pipe.document.body.readableBytes))
        #expect(pipe.app.requests.isEmpty)
    }

    @Test("a publish drops the prepared answer at once: the next request goes to Hummingbird")
    func invalidation() async throws {
        let pipe = try await Pipe.make()
        try pipe.send(Pipe.get)
        _ = try pipe.written()
        _ = try await pipe.server.components.policies.publish(Samples.policy(required: "2.3.0"), app: "notes", channel: .production, author: "t")
        try pipe.send(Pipe.get)
        #expect(pipe.app.paths == [Pipe.target])
    }

    @Test("without the hot path every request reaches Hummingbird")
    func off() async throws {
        let pipe = try await Pipe.make(hotPath: false)
        try pipe.send(Pipe.get)
        #expect(pipe.app.paths == [Pipe.target])
        #expect(try pipe.written().isEmpty)
    }

    @Test("while the peer reads nothing, no read is asked for; reading resumes once it is writable again")
    func holdsReads() async throws {
        let pipe = try await Pipe.make()
        pipe.setWritable(false)
        let before = pipe.reads.count
        pipe.channel.pipeline.read()
        #expect(pipe.reads.count == before, "the channel's read request waits")
        pipe.setWritable(true)
        #expect(pipe.reads.count == before + 1)
    }

    @Test("a peer that reads nothing gets answers only up to the socket's high-water mark; requests already read wait for it")
    func unreadAnswersAreBounded() async throws {
        let pipe = try await Pipe.make()
        let socket = UnreadSocket(channel: pipe.channel, highWaterMark: 64 * 1024)
        try pipe.channel.pipeline.syncOperations.addHandler(socket, position: .first)
        // About a whole read cycle of pipelined prepared GETs: NIO reads up to four times 64 KiB per wake-up.
        let count = 256 * 1024 / Pipe.get.utf8.count
        try pipe.send(String(repeating: Pipe.get, count: count))
        #expect(!pipe.channel.isWritable)
        #expect(socket.bytes < 64 * 1024 + 2 * 1024, "answers queued past the mark: \(socket.bytes) bytes")
        #expect(pipe.app.requests.count == 1, "the next request goes to Hummingbird, which waits for writability")
        var answers = try pipe.responses().count
        #expect(answers < count / 10)
        // The peer reads from then on: every request is answered, by one path or the other.
        var handed = 0
        for _ in 0..<1_000 where answers < count {
            socket.drain()
            while handed < pipe.app.requests.count {
                try pipe.app.answer("held")
                handed += 1
            }
            answers += try pipe.responses().count
        }
        #expect(answers == count)
    }

    @Test("pipelined requests wait in NIO's pipelining handler, which asks for no more reads meanwhile")
    func pipelineHoldsReads() async throws {
        let pipe = try await Pipe.make()
        try pipe.send(String(repeating: "GET /nope HTTP/1.1\r\nHost: t\r\n\r\n", count: 20))
        #expect(pipe.app.requests.count == 1, "one at a time")
        let before = pipe.reads.count
        pipe.channel.pipeline.read()
        #expect(pipe.reads.count == before, "no reads while requests wait")
        for _ in 0..<20 { try pipe.app.answer("a") }
        #expect(pipe.app.requests.count == 20)
        #expect(pipe.reads.count == before + 1, "the held read goes out once they are answered")
    }
}

/// A socket whose peer reads nothing: every byte written stays queued, and the channel turns
/// unwritable once they pass the high-water mark, as NIO's socket channels do.
private final class UnreadSocket: ChannelOutboundHandler {
    typealias OutboundIn = IOData
    let channel: EmbeddedChannel
    let highWaterMark: Int
    private(set) var bytes = 0

    init(channel: EmbeddedChannel, highWaterMark: Int) {
        self.channel = channel
        self.highWaterMark = highWaterMark
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        bytes += unwrapOutboundIn(data).readableBytes
        context.write(data, promise: promise)
        if bytes > highWaterMark, channel.isWritable {
            channel.isWritable = false
            context.fireChannelWritabilityChanged()
        }
    }

    /// The peer reads everything queued.
    func drain() {
        bytes = 0
        guard !channel.isWritable else { return }
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
    }
}
