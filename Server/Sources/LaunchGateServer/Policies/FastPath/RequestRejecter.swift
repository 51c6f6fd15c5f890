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
            if !head.isKeepAlive, head.headers[canonicalForm: "connection"] != ["close"] {
                head.headers.replaceOrAdd(name: "Connection", value: "close")
                return context.fireChannelRead(wrapInboundOut(.head(head)))
            }
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? HTTPParserError else { return context.fireErrorCaught(error) }
        guard case .passing = state else { return }
        reject(.badRequest, code: "bad-request", message: Self.message(for: error), context: context)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        guard case .end = unwrapOutboundIn(data) else { return }
        inFlight = max(0, inFlight - 1)
        if inFlight == 0, case .rejecting(let status, let code, let message) = state {
            send(status, code: code, message: message, context: context)
        }
    }

    private func reject(_ status: HTTPResponseStatus, code: String, message: String, context: ChannelHandlerContext) {
        state = .rejecting(status, code: code, message: message)
        if inFlight == 0 { send(status, code: code, message: message, context: context) }
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
