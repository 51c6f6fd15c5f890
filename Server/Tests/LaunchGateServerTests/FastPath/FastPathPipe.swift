import Foundation
import HTTPTypes
import Metrics
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing
@testable import LaunchGateServer

/// The fast path in a real NIO HTTP pipeline on an `EmbeddedChannel`, with a stand-in for
/// Hummingbird that records what reaches it and answers only when told to.
struct FastPathPipe {
    static let target = "/v1/apps/notes/policy?platform=ios"
    static let etag = "\"abc\""
    static let get = "GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n"
    static let second = 1_795_000_000
    static let requestID = "req-1"

    static let okBytes = "HTTP/1.1 200 OK\r\nserver: LaunchGate\r\netag: \(etag)\r\ncontent-type: application/json\r\ncontent-length: 2\r\n"
        + "date: \(dateText)\r\n\r\n{}"
    static let notModifiedBytes = "HTTP/1.1 304 Not Modified\r\nserver: LaunchGate\r\netag: \(etag)\r\ndate: \(dateText)\r\n\r\n"
    static let dateText = "Wed, 18 Nov 2026 11:06:40 GMT"

    let channel = EmbeddedChannel()
    let app = RecordingApp()
    let reads = ReadCounter()
    let cache = DocumentCache()

    /// - Parameter limits: Timeouts and connection cap, left out unless given.
    init(limits: PolicyFastPathInstaller.Limits? = nil) throws {
        let prepared = PreparedResponse(app: "notes", etag: Self.etag,
                                        okHeaders: [.eTag: Self.etag, .contentType: "application/json"],
                                        notModifiedHeaders: [.eTag: Self.etag], body: ByteBuffer(string: "{}"))
        cache.prepare(prepared, for: Self.target, builtIn: cache.generation)
        let cache = cache
        let date = HTTPDateHeader(now: { Date(timeIntervalSince1970: TimeInterval(Self.second)) })
        let pipeline = channel.pipeline.syncOperations
        // As Hummingbird configures it: errors are answered further on, not by NIO.
        try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: false)
        try pipeline.addHandler(PolicyFastPathInstaller(limits: limits, makeRequestID: { Self.requestID }) { tracker, timeouts in
            PolicyFastPathHandler(cache: cache, date: date, counter: Counter(label: "test_fast_path"), tracker: tracker, timeouts: timeouts)
        })
        try pipeline.addHandler(app)
        try pipeline.addHandler(reads, position: .first)
        channel.embeddedEventLoop.run()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
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

    /// Sets the channel's writability as the socket would, and tells the pipeline.
    func setWritable(_ writable: Bool) {
        channel.isWritable = writable
        channel.pipeline.fireChannelWritabilityChanged()
    }

    /// The rejection ``RequestRejecter`` sends, byte for byte.
    static func rejection(_ status: String, code: String, message: String) -> String {
        let body = #"{"error":{"code":""# + code + #"","message":""# + message + #""}}"#
        return "HTTP/1.1 \(status)\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "X-Request-ID: \(requestID)\r\nConnection: close\r\n\r\n" + body
    }
}

/// Counts requests for the next read from the socket, where the channel would receive them.
final class ReadCounter: ChannelOutboundHandler {
    typealias OutboundIn = Any
    private(set) var count = 0

    func read(context: ChannelHandlerContext) {
        count += 1
        context.read()
    }
}

/// Stands in for Hummingbird: records requests and answers them only when told to.
final class RecordingApp: ChannelInboundHandler {
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

    /// The bytes of ``answer(_:)``'s response.
    static func answerBytes(_ text: String) -> String {
        "HTTP/1.1 200 OK\r\ncontent-length: \(text.utf8.count)\r\n\r\n\(text)"
    }
}
