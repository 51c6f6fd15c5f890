import NIOCore
import NIOHTTP1

extension ConnectionShareHandler {
    /// Marks its connection's request in flight from its head to its response's end, so that
    /// eviction near the cap closes no connection mid-request. It sits after NIO's HTTP/1 decoder
    /// and encoder, where the parts are NIO's.
    final class Requests: ChannelDuplexHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias InboundOut = HTTPServerRequestPart
        typealias OutboundIn = HTTPServerResponsePart
        typealias OutboundOut = HTTPServerResponsePart

        private let owner: ConnectionShareHandler

        init(owner: ConnectionShareHandler) {
            self.owner = owner
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if case .head = unwrapInboundIn(data) { owner.connection?.requestStarted() }
            context.fireChannelRead(data)
        }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            if case .end = unwrapOutboundIn(data) { owner.connection?.requestEnded() }
            context.write(data, promise: promise)
        }
    }
}
