import NIOCore

/// Takes one of ``ConnectionLimit``'s places for its connection, giving it back when the
/// connection closes, and closes the connection at once when there is none.
///
/// It leaves the pipeline as soon as the place is taken: the place is given back from the
/// channel's close future, so no read or write of the connection's life passes through a handler
/// that has nothing to do with it (each hop costs the hot path a call and a retain).
final class ConnectionLimitHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let limit: ConnectionLimit
    private var decided = false

    init(limit: ConnectionLimit) { self.limit = limit }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        // Decided first, so a connection over the cap is closed before any handler further on
        // starts work for it.
        admit(context: context)
        context.fireChannelActive()
    }

    private func admit(context: ChannelHandlerContext) {
        guard !decided else { return }
        decided = true
        guard limit.acquire() else { return context.close(promise: nil) }
        let limit = limit
        // Runs once, whenever and however the channel closes, removed handler or not.
        context.channel.closeFuture.whenComplete { _ in limit.release() }
        // On the next tick, as ``PolicyFastPathInstaller`` leaves: not from inside the event that
        // added or activated it.
        context.eventLoop.assumeIsolated().execute { [context] in
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }
}
