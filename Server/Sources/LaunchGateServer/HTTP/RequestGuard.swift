import Hummingbird
@_spi(LaunchGateServer) import LaunchGate
import LaunchGateHTTP
import NIOCore
import NIOHTTP1

/// What Hummingbird does not do for an HTTP/1.1 server facing the internet, on NIO's decoded
/// request parts, right after NIO's pipelining handler (so each request reaches it in turn, once
/// every earlier answer has been written):
/// - bytes NIO's decoder rejects get a 400 in the server's JSON error shape with an
///   `X-Request-ID` (Hummingbird answers an empty 400), and the connection closes;
/// - `CONNECT` and `Upgrade` get the JSON 400 and a close: after either, NIO's decoder stops
///   parsing and keeps every later byte, so a client could stream into memory;
/// - a target over ``maximumTargetLength`` gets a 414, so no log, metric or table sees it;
/// - an HTTP/1.1 request without exactly one `Host`, or any request with more than one, gets the
///   JSON 400 (RFC 9112 3.2): a proxy in front may have read another host than we would;
/// - HTTP/1.0 without `keep-alive`, and `close` among the `Connection` tokens in any spelling
///   (`close,` too), reach Hummingbird as `Connection: close`, which it closes after (the
///   conversion to HTTP types drops the version); an HTTP/1.0 request kept alive gets
///   `Connection: keep-alive` on its answer, without which its client would wait for the close;
/// - `Expect: 100-continue` gets its `100 Continue`, which Hummingbird never sends, so a client
///   waiting for it doesn't wait until a timeout.
final class RequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Longer request targets are refused with 414: real URLs are far shorter.
    static let maximumTargetLength = 4096
    /// How long a refused connection, its output closed, goes on reading and dropping what the client still sends.
    static let lingerTime = TimeAmount.seconds(2)

    private let makeRequestID: @Sendable () -> String
    /// A response has begun (its head is written) and not ended.
    private var responding = false
    /// A refusal waits for the response in progress to end; after it, the connection closes.
    private var state = State.passing
    /// Requests whose head has come in, and responses that have ended: a refusal's request is
    /// told from the one being answered by these, since both can wait for the same `.end`.
    private var requestsBegun = 0
    private var responsesEnded = 0
    /// A request's head has come in and its end has not.
    private var readingRequest = false
    /// The request being answered is HTTP/1.0 and kept alive. NIO's pipelining handler passes one
    /// request at a time, so the next answer written is this request's.
    private var keepsHTTP10Alive = false

    private enum State {
        case passing
        /// `request` counts from 1, as ``requestsBegun`` does.
        case refusing(HTTPResponseStatus, code: String, message: String, request: Int)
        case refused
    }

    /// - Parameter makeRequestID: The ID for a refusal's `X-Request-ID`; injected so tests can pin it.
    init(makeRequestID: @escaping @Sendable () -> String = { RequestID().description }) {
        self.makeRequestID = makeRequestID
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .passing = state else { return }
        guard case .head(var head) = unwrapInboundIn(data) else {
            if case .end = unwrapInboundIn(data) { readingRequest = false }
            return context.fireChannelRead(data)
        }
        requestsBegun += 1
        readingRequest = true
        guard head.uri.utf8.count <= Self.maximumTargetLength else {
            return refuse(.uriTooLong, code: "uri-too-long",
                          message: "the request target is longer than \(Self.maximumTargetLength) bytes; shorten the path and query",
                          context: context)
        }
        if head.method == .CONNECT || head.headers.contains(name: "upgrade") {
            return refuse(.badRequest, code: "upgrade-refused",
                          message: "this server answers plain HTTP/1.1 requests only; CONNECT and protocol upgrades are refused",
                          context: context)
        }
        let isHTTP10 = (head.version.major, head.version.minor) < (1, 1)
        let hosts = head.headers["host"]
        guard hosts.count == 1 || (hosts.isEmpty && isHTTP10) else {
            return refuse(.badRequest, code: "bad-host",
                          message: hosts.isEmpty ? "an HTTP/1.1 request needs a Host header" : "the request has \(hosts.count) Host headers; send exactly one",
                          context: context)
        }
        // RFC 9110 7.2's host[:port], by the rule a policy's update URL follows too: a space,
        // `@`, a comma or nothing at all means a proxy in front may have read another host than we would.
        if let host = hosts.first, !HostName.isPlain(host, allowsUnderscore: true) {
            return refuse(.badRequest, code: "bad-host",
                          message: "the Host header is not a host name or address with an optional port", context: context)
        }
        // After the Host checks: a request refused there gets its 400 alone, not a 100 Continue before it.
        if head.version == .http1_1, head.headers[canonicalForm: "expect"].contains(where: { $0.lowercased() == "100-continue" }) {
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .continue))), promise: nil)
        }
        let tokens = head.headers[canonicalForm: "connection"].map { $0.lowercased() }
        let closes = tokens.contains("close") || !head.isKeepAlive || (isHTTP10 && !tokens.contains("keep-alive"))
        keepsHTTP10Alive = !closes && isHTTP10
        if closes, head.headers["connection"] != ["close"] {
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            return context.fireChannelRead(wrapInboundOut(.head(head)))
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Bytes read after the decoder's first error: that error reaches here in request order
        // (NIO's pipelining handler holds it), and this one would not, so passed on it closed the
        // connection before the answers still owed to earlier pipelined requests.
        if case .dataReceivedInErrorState = error as? ByteToMessageDecoderError { return }
        guard let error = error as? HTTPParserError else { return context.fireErrorCaught(error) }
        // Bytes after a request that closes the connection: that request's answer closes it, and
        // RFC 9112 (9.6) says nothing after it is read, so they get no 400 of their own.
        if error == .closedConnection { return }
        guard case .passing = state else { return }
        refuse(.badRequest, code: "bad-request", message: Self.message(for: error), context: context)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .refused = state {
            // The refusal was the connection's last answer; a handler still working answers late.
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status != .continue:
            responding = true
            if keepsHTTP10Alive, !head.headers[canonicalForm: "connection"].contains(where: { $0.lowercased() == "close" }) {
                head.headers.replaceOrAdd(name: "Connection", value: "keep-alive")
                return context.write(wrapOutboundOut(.head(head)), promise: promise)
            }
        case .end:
            // A refusal of the request being answered (its body went bad while it was answered)
            // can't be a second answer: NIO's pipelining handler allows one per request. So this
            // answer is the connection's last.
            if case .refusing(_, _, _, let request) = state, request <= responsesEnded + 1 {
                // The counters stay as they are: once refused, every later write fails.
                state = .refused
                let written = context.writeAndFlush(data)
                written.cascade(to: promise)
                return written.assumeIsolated().whenComplete { _ in Self.closeAfterAnswers(context: context) }
            }
        case .head, .body: break
        }
        context.write(data, promise: promise)
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status != .continue: responding = true
        case .head, .body: break
        case .end:
            responding = false
            responsesEnded += 1
            // A later request's refusal: its error reached here as this `.end` let it in.
            if case .refusing(let status, let code, let message, _) = state { send(status, code: code, message: message, context: context) }
        }
    }

    /// Refuses at once, or once the response in progress has ended (a malformed body can come
    /// while its request is being answered, and a later request's error as that answer ends).
    private func refuse(_ status: HTTPResponseStatus, code: String, message: String, context: ChannelHandlerContext) {
        // An error in a request's body is that request's; any other starts a request of its own.
        let request = readingRequest ? requestsBegun : requestsBegun + 1
        if request <= responsesEnded {
            // Answered already, by a handler that didn't wait for the body: a 400 now would be a second answer,
            // which a pipelining client would take for its next request's.
            state = .refused
            return Self.closeAfterAnswers(context: context)
        }
        state = .refusing(status, code: code, message: message, request: request)
        if !responding { send(status, code: code, message: message, context: context) }
    }

    private func send(_ status: HTTPResponseStatus, code: String, message: String, context: ChannelHandlerContext) {
        state = .refused
        let body = ErrorResponse.body(code: code, message: message)
        let headers: HTTPHeaders = [
            "Content-Type": "application/json; charset=utf-8", "Content-Length": String(body.readableBytes),
            "X-Request-ID": makeRequestID(), "Connection": "close",
        ]
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in Self.closeAfterAnswers(context: context) }
    }

    /// Closes the output once the answers written have gone (FIN after them), drops what the client still sends
    /// (``LingeringDrain``, up to its limit), and closes the rest after ``lingerTime`` (or at the client's own close). Closed at once with the client's bytes
    /// unread, the kernel answers with RST, which throws away the answers still queued to the client (RFC 9112 9.6).
    private static func closeAfterAnswers(context: ChannelHandlerContext) {
        let loop = context.eventLoop
        context.close(mode: .output).assumeIsolated().whenComplete { result in
            // A channel that can't close its output alone (EmbeddedChannel, in tests) closes at once.
            guard case .success = result, (try? context.pipeline.syncOperations.addHandler(LingeringDrain(), position: .first)) != nil else {
                return context.close(promise: nil)
            }
            loop.assumeIsolated().scheduleTask(in: lingerTime) { context.close(promise: nil) }
        }
    }

    /// What to fix, for the errors a client can cause.
    static func message(for error: HTTPParserError) -> String {
        switch error {
        case .headerOverflow: "the request head is too large; send fewer or shorter headers"
        case .invalidMethod: "the method is not valid HTTP/1.1; use an upper-case method such as GET"
        case .invalidVersion: "the request line must end with the version HTTP/1.1 and CRLF"
        case .lfExpected, .invalidConstant, .strictModeAssertion:
            "the request is not valid HTTP/1.1; end every line with CRLF and separate the head from the body with an empty line"
        case .invalidHeaderToken, .invalidCharactersUsed: "a header name or value has characters HTTP does not allow"
        case .invalidContentLength, .unexpectedContentLength: "the Content-Length header is invalid or conflicts with Transfer-Encoding"
        case .invalidChunkSize: "the chunked body is malformed"
        case .invalidURL, .invalidPath, .invalidQueryString, .invalidFragment, .invalidHost, .invalidPort:
            "the request target is not a valid URL path and query"
        default: "the request is not valid HTTP/1.1; check the request line and headers"
        }
    }
}
