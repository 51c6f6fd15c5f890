import Foundation
import Hummingbird
import NIOCore
import NIOHTTP1

/// Answers what must never reach routing: a request target over
/// ``RawRequestHead/maximumTargetLength`` (414), `CONNECT` and `Upgrade` (400), and bytes NIO's
/// decoder rejects (400), all in the
/// server's JSON error shape with an `X-Request-ID`, then closes the connection.
///
/// Sits right after ``RequestTracker``. Hummingbird's own answer to a decoder error is a 400 with
/// no body, which a person can do nothing with. Requests already passed on are answered first:
/// the rejection waits for the end of their last response, so answers stay in order.
///
/// It also carries one fact across the conversion to HTTP types, which drops the version: an
/// HTTP/1.0 request without `Connection: keep-alive` gets `Connection: close` added, so
/// Hummingbird closes the connection after answering it, as RFC 9112 §9.3 asks.
final class RequestRejecter: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let makeRequestID: @Sendable () -> String
    /// Requests passed on whose responses have not ended yet.
    private var inFlight = 0
    /// The last request passed on has had its head but not the end of its body.
    private var bodyOpen = false
    /// A response has begun (its head is written) and not ended.
    private var responding = false
    /// The last request passed on asked for `100 Continue`, which is not sent yet.
    private var continuePending = false
    private var state = State.passing

    private enum State {
        case passing
        /// Waiting for earlier answers before sending this one.
        case rejecting(HTTPResponseStatus, code: String, message: String)
        case rejected
    }

    /// - Parameter makeRequestID: The ID for a rejection's `X-Request-ID`; injected so tests can pin it.
    init(makeRequestID: @escaping @Sendable () -> String = { RequestID().description }) {
        self.makeRequestID = makeRequestID
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .passing = state else { return }
        if case .head(var head) = unwrapInboundIn(data) {
            guard head.uri.utf8.count <= RawRequestHead.maximumTargetLength else {
                return reject(.uriTooLong, code: "uri-too-long",
                              message: "the request target is longer than \(RawRequestHead.maximumTargetLength) bytes; shorten the path and query",
                              context: context)
            }
            // No upgraders and no tunnels here. After either, NIO's decoder stops parsing and keeps
            // every later byte, so a client could stream into memory until a timeout; refuse and close.
            if head.method == .CONNECT || head.headers.contains(name: "upgrade") {
                return reject(.badRequest, code: "upgrade-refused",
                              message: "this server answers plain HTTP/1.1 requests only; CONNECT and protocol upgrades are refused",
                              context: context)
            }
            inFlight += 1
            bodyOpen = true
            // Hummingbird never answers `Expect: 100-continue`, so a client that waits for it
            // before sending the body would wait until the body timeout: say go on when it is
            // this request's turn to be answered.
            continuePending = head.version == .http1_1
                && head.headers[canonicalForm: "expect"].contains { $0.lowercased() == "100-continue" }
            sendContinueIfDue(context: context)
            if !head.isKeepAlive, head.headers[canonicalForm: "connection"] != ["close"] {
                head.headers.replaceOrAdd(name: "Connection", value: "close")
                return context.fireChannelRead(wrapInboundOut(.head(head)))
            }
        }
        if case .end = unwrapInboundIn(data) { (bodyOpen, continuePending) = (false, false) }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? HTTPParserError else { return context.fireErrorCaught(error) }
        guard case .passing = state else { return }
        reject(.badRequest, code: "bad-request", message: Self.message(for: error), context: context)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .rejected = state {
            // The rejection has been sent; the handler of the request it cut short answers late.
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        context.write(data, promise: promise)
        switch unwrapOutboundIn(data) {
        case .head: responding = true
        case .body: break
        case .end:
            responding = false
            inFlight = max(0, inFlight - 1)
            if case .rejecting(let status, let code, let message) = state, isTurn {
                send(status, code: code, message: message, context: context)
            } else {
                sendContinueIfDue(context: context)
            }
        }
    }

    private func reject(_ status: HTTPResponseStatus, code: String, message: String, context: ChannelHandlerContext) {
        state = .rejecting(status, code: code, message: message)
        if isTurn { send(status, code: code, message: message, context: context) }
    }

    /// Writes the interim `100 Continue` once every earlier answer has ended.
    private func sendContinueIfDue(context: ChannelHandlerContext) {
        guard continuePending, case .passing = state, bodyOpen, inFlight == 1, !responding else { return }
        continuePending = false
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .continue))), promise: nil)
    }

    /// Whether the rejection may be written now: every earlier answer has ended. A request whose
    /// body the decoder gave up on (a bad chunk) never gets its end, and its handler would wait
    /// for it until a timeout: when it is the only one left and its answer has not begun, the
    /// rejection answers it.
    private var isTurn: Bool {
        inFlight == 0 || (bodyOpen && inFlight == 1 && !responding)
    }

    private func send(_ status: HTTPResponseStatus, code: String, message: String, context: ChannelHandlerContext) {
        state = .rejected
        let body = ErrorResponse.body(code: code, message: message)
        let headers: HTTPHeaders = [
            "Content-Type": "application/json; charset=utf-8", "Content-Length": String(body.readableBytes),
            "X-Request-ID": makeRequestID(), "Connection": "close",
        ]
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
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
