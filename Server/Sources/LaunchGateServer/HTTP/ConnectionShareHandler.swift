import NIOCore

/// Counts its connection under the peer's address in ``ConnectionShares`` while it is open, closes
/// it at once when the address already holds its share, and tells the table when bytes last
/// arrived, so that eviction near the cap closes the longest-idle connections first.
///
/// It is the first handler of the pipeline, and it decides before it passes `channelActive` on: a
/// refused connection is closed before any byte of it is read and before the handlers after it
/// (Hummingbird's idle timer among them) learn it was active, so it costs an accept and a close,
/// not a request. Its ``requests`` handler, placed after the HTTP decoder, tells the table which
/// connections have a request in flight, which eviction spares.
final class ConnectionShareHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let shares: ConnectionShares
    private(set) var connection: ConnectionShares.Connection?
    private var decided = false
    /// Whether this connection was closed for its address's share.
    private var refused = false

    init(shares: ConnectionShares) {
        self.shares = shares
    }

    /// The handler that marks this connection's requests in flight, for after the HTTP decoder.
    var requests: Requests { Requests(owner: self) }

    func handlerAdded(context: ChannelHandlerContext) {
        // An accepted channel is added to before it is active; a test's channel may already be.
        if context.channel.isActive { admit(context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context: context)
        guard !refused else { return }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Once per read from the socket, not per request: the lock is the connection's own.
        connection?.read(at: shares.now())
        context.fireChannelReadComplete()
    }

    private func admit(context: ChannelHandlerContext) {
        guard !decided else { return }
        decided = true
        switch shares.admit(context.channel) {
        case .admitted(let admitted)?: connection = admitted
        case .refused?:
            refused = true
            context.close(promise: nil)
        case nil: break
        }
    }

    private func release() {
        if let connection = connection.take() { shares.remove(connection) }
    }
}
