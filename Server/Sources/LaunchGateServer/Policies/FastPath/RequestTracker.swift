import NIOCore
import NIOHTTP1

/// Counts the requests Hummingbird is still answering on one connection.
///
/// ``PolicyFastPathHandler`` answers only while this is idle, so a fast answer can never overtake
/// a slower one on the same connection. It counts what the fast path itself passed on, not what
/// the decoder produced: a head the decoder rejects or never turns into a request must still
/// hold back every answer after it. Sits right after NIO's request decoder, where it sees the
/// end of every response written, the decoder's errors, and where the decoder is in a message.
final class RequestTracker: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Requests passed on whose responses have not ended yet.
    private(set) var inFlight = 0
    /// Whether the decoder failed; nothing more may be answered on this connection.
    private(set) var decoderFailed = false
    /// Whether the decoder's last part was a request's end (or none came yet), so the next bytes
    /// it gets start a head.
    private(set) var awaitingHead = true
    /// Parts the decoder produced, so a caller can tell whether some bytes completed anything.
    private(set) var partsSeen = 0

    /// Called, on the channel's event loop, each time a response ends.
    var onAnswer: (() -> Void)?

    /// Whether every request passed on has been answered.
    var isIdle: Bool { inFlight == 0 && !decoderFailed }

    /// Records one complete request head handed to the decoder, answered once its response ends.
    func requestPassed() { inFlight += 1 }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        partsSeen &+= 1
        switch unwrapInboundIn(data) {
        case .head, .body: awaitingHead = false
        case .end: awaitingHead = true
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        decoderFailed = true
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
        inFlight = max(0, inFlight - 1)
        context.write(data, promise: promise)
        onAnswer?()
    }
}
