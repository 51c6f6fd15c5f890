import Metrics
import NIOCore

/// Closes a connection that stays unwritable for longer than `limit`: its peer has stopped
/// reading, and answers fill the kernel's send buffer and NIO's outbound buffer past its
/// high-water mark.
///
/// While the channel is unwritable nothing else times the connection out: Hummingbird's idle
/// timer does not run while a request is being answered (its writer waits for writability),
/// ``RequestReadTimeout`` stops its clock while the server holds reads, and
/// ``PreparedAnswerHandler`` and NIO's pipelining handler hold reads, which keeps memory bounded
/// but the connection open. So a client that pipelined requests and never read held its
/// connection for ever, and 200 of them filled `--max-connections 200`. A peer that reads, however
/// slowly, makes the channel writable again below the low-water mark and starts the clock afresh.
/// Closed connections are counted in `launchgate_connections_write_stalled_total`. Deadlines are
/// on the event loop's clock, so tests drive them with `EmbeddedEventLoop.advanceTime`.
final class WriteStallTimeout: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limit: TimeAmount
    private let closed: Counter
    private var timer: Scheduled<Void>?

    /// - Parameter limit: How long the channel may stay unwritable.
    init(limit: TimeAmount, closed: Counter = Counter(label: "launchgate_connections_write_stalled_total")) {
        self.limit = limit
        self.closed = closed
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if !context.channel.isWritable { start(context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { stop() } else { start(context: context) }
        context.fireChannelWritabilityChanged()
    }

    private func start(context: ChannelHandlerContext) {
        guard timer == nil else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: limit) { [self] in
            timer = nil
            guard !context.channel.isWritable else { return }
            closed.increment()
            context.close(promise: nil)
        }
    }

    private func stop() {
        timer?.cancel()
        timer = nil
    }
}
