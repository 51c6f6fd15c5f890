import NIOCore
import NIOHTTP1

/// Counts the requests Hummingbird is still answering on one connection.
///
/// Sits right after NIO's request decoder: it sees every request head the decoder produces and
/// the end of every response written. ``PolicyFastPathHandler`` answers only while this is idle,
/// so a fast answer can never overtake a slower one on the same connection.
final class RequestTracker: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Requests passed on whose responses have not ended yet.
    private(set) var inFlight = 0

    /// Whether every request passed on has been answered.
    var isIdle: Bool { inFlight == 0 }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { inFlight += 1 }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { inFlight = max(0, inFlight - 1) }
        context.write(data, promise: promise)
    }
}
