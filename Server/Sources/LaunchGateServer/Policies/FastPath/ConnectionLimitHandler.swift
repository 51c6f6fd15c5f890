import Metrics
import NIOCore
import Synchronization

/// Holds one of ``ConnectionLimit``'s places for as long as its connection is open, and closes
/// the connection at once when there is none.
final class ConnectionLimitHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let limit: ConnectionLimit
    private var state = State.waiting

    private enum State { case waiting, counted, rejected, released }

    init(limit: ConnectionLimit) { self.limit = limit }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        releaseIfCounted()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { releaseIfCounted() }

    private func admit(context: ChannelHandlerContext) {
        guard state == .waiting else { return }
        if limit.acquire() {
            state = .counted
        } else {
            state = .rejected
            context.close(promise: nil)
        }
    }

    private func releaseIfCounted() {
        guard state == .counted else { return }
        state = .released
        limit.release()
    }
}
