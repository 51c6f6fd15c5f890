import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The server's connection pipeline (``LaunchGateHTTPChannel/configure(_:settings:logger:)``) on
/// an `EmbeddedChannel`, with a stand-in for Hummingbird that records what reaches it and answers
/// only when told to, over a test server's ``PolicyService``.
struct HotPathPipe {
    static let target = "/v1/apps/notes/policy?platform=ios"
    static let get = "GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n"
    static let requestID = "req-1"

    let channel = EmbeddedChannel()
    let app = RecordingApp()
    let reads = ReadCounter()
    let server: TestServer
    /// The policy document as the router serves it, warmed before the pipe was made.
    let document: ServedDocument

    /// - Parameters:
    ///   - requestTimeout: ``RequestReadTimeout``'s limit; none unless given.
    ///   - hotPath: Whether the hot path is in the pipeline.
    ///   - writeStallTimeout: ``WriteStallTimeout``'s limit; none unless given.
    ///   - pipelinedBytes: ``PipelinedRequestLimit``'s limit; none unless given.
    static func make(requestTimeout: TimeAmount? = nil, hotPath: Bool = true, writeStallTimeout: TimeAmount? = nil,
                     pipelinedBytes: Int? = nil) async throws -> HotPathPipe {
        let server = try await TestServer.make()
        let document = try await server.components.policies.document(app: "notes", channel: .production, platform: .ios, format: .canonical)
        return try HotPathPipe(server: server, document: document, requestTimeout: requestTimeout, hotPath: hotPath,
                               writeStallTimeout: writeStallTimeout, pipelinedBytes: pipelinedBytes)
    }

    private init(server: TestServer, document: ServedDocument, requestTimeout: TimeAmount?, hotPath: Bool, writeStallTimeout: TimeAmount?,
                 pipelinedBytes: Int?) throws {
        self.server = server
        self.document = document
        let answers = PreparedAnswerHandler.Settings(
            policies: server.components.policies, defaultApp: "notes", maxAge: 60, reads: nil, clients: ClientAddressResolver(),
            serverName: "LaunchGate", date: HTTPDateHeader(now: { Date(timeIntervalSince1970: 1_795_000_000) }))
        let settings = LaunchGateHTTPChannel.Settings(idleTimeout: nil, requestTimeout: requestTimeout, preparedAnswers: hotPath ? answers : nil,
                                                      makeRequestID: { Self.requestID }, writeStallTimeout: writeStallTimeout,
                                                      pipelinedBytes: pipelinedBytes)
        let pipeline = channel.pipeline.syncOperations
        try LaunchGateHTTPChannel.configure(pipeline, settings: settings, logger: TestBackend.logger)
        try pipeline.addHandler(app)
        try pipeline.addHandler(reads, position: .first)
        channel.embeddedEventLoop.run()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    }

    /// One read from the socket, as a channel that reads on its own (`autoRead`) makes it: the
    /// bytes, the end of the read, then its request for the next read, which handlers may hold.
    func send(_ text: String) throws {
        try channel.writeInbound(ByteBuffer(string: text))
        channel.pipeline.read()
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

    /// The document's body, as text.
    var body: String { String(buffer: document.body) }

    /// Everything written since the last call, as responses: each status line and body, read by
    /// `content-length` (none for a 304, and for a `HEAD` when `heads` says so).
    func responses(heads: Int = 0) throws -> [(status: String, headers: [String: String], body: String)] {
        var text = Substring(try written())
        var found: [(status: String, headers: [String: String], body: String)] = []
        var heads = heads
        while let end = text.range(of: "\r\n\r\n") {
            let lines = text[..<end.lowerBound].split(separator: "\r\n")
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let status = String(lines.first ?? "")
            var length = Int(headers["content-length"] ?? "0") ?? 0
            if status.contains(" 304 ") || status.contains(" 100 ") || heads > 0 {
                if heads > 0, !status.contains(" 100 ") { heads -= 1 }
                length = 0
            }
            let bodyStart = end.upperBound
            let bodyEnd = text.utf8.index(bodyStart, offsetBy: length, limitedBy: text.endIndex) ?? text.endIndex
            found.append((status, headers, String(text[bodyStart..<bodyEnd])))
            text = text[bodyEnd...]
        }
        return found
    }

    /// The refusal ``RequestGuard`` sends, byte for byte.
    static func refusal(_ status: String, code: String, message: String) -> String {
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
    typealias InboundIn = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    private(set) var requests: [HTTPRequest] = []
    private(set) var bodyBytes = 0
    private var context: ChannelHandlerContext?

    /// The paths of the requests that reached it.
    var paths: [String] { requests.map { $0.path ?? "" } }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request): requests.append(request)
        case .body(let body): bodyBytes += body.readableBytes
        case .end: break
        }
    }

    func answer(_ text: String) throws {
        try begin(text)
        try end()
    }

    /// Writes the head and body of ``answer(_:)``'s response, as a handler that answers before
    /// the request's body has all come in.
    func begin(_ text: String) throws {
        let context = try #require(context)
        context.write(wrapOutboundOut(.head(HTTPResponse(status: .ok, headerFields: [.contentLength: String(text.utf8.count)]))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.body(ByteBuffer(string: text))), promise: nil)
    }

    /// Ends the response ``begin(_:)`` started.
    func end() throws {
        try #require(context).writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    /// The bytes of ``answer(_:)``'s response.
    static func answerBytes(_ text: String) -> String {
        "HTTP/1.1 200 OK\r\nContent-Length: \(text.utf8.count)\r\n\r\n\(text)"
    }
}
