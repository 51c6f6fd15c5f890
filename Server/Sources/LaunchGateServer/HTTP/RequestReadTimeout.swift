import NIOCore
import NIOHTTP1

/// Closes a connection whose request takes longer than `limit` to arrive, from its first byte to
/// its end: a head trickled in (slowloris), or a body trickled in once its head was read.
///
/// Hummingbird's idle timeout (`--idle-timeout`), which closes connections that send nothing,
/// can't do this: it counts every decoded part as activity, so a body sent a byte at a time keeps
/// a connection for ever, and a head that never ends is only cut at the idle timeout.
///
/// This handler sits first in the pipeline, where it sees the bytes of each read, and ``Ends``,
/// right after NIO's decoder, tells it which reads produced parts: a request is being read from
/// the first read that produced nothing (or from its head) until its end. Only a read that leaves
/// a request unfinished reads the clock; the timer is set then and left to find the request
/// finished, so a request that arrives whole costs nothing. Time the server holds reads (NIO's
/// pipelining handler, while an earlier request is answered) is the server's, not the client's:
/// from the end of a read until the next read is asked for, the clock stops for the request
/// arriving. Deadlines are on the event loop's clock, so tests drive them with
/// `EmbeddedEventLoop.advanceTime`.
final class RequestReadTimeout: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = NIOAny

    private let limit: TimeAmount
    /// When the request being read must be complete; `nil` between requests.
    private var deadline: NIODeadline?
    private var timer: Scheduled<Void>?
    /// Parts the decoder produced so far.
    private var parts = 0
    /// A head has been decoded and its end has not.
    private var inRequest = false
    /// Since when the server has not asked for more bytes, while a request is arriving: time the
    /// server holds reads (NIO's pipelining handler, while earlier requests are answered) is not
    /// the client's to pay.
    private var pausedAt: NIODeadline?

    /// - Parameter limit: How long a request may take from its first byte to its end.
    init(limit: TimeAmount) {
        self.limit = limit
    }

    /// The handler to add right after NIO's request decoder.
    var ends: Ends { Ends(timeout: self) }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let before = parts
        context.fireChannelRead(data)
        if inRequest || parts == before {
            // A request is arriving: timed from now unless it already was.
            if deadline == nil { setDeadline(context.eventLoop.now + limit, context: context) }
        } else {
            deadline = nil
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if deadline != nil, pausedAt == nil { pausedAt = context.eventLoop.now }
        context.fireChannelReadComplete()
    }

    func read(context: ChannelHandlerContext) {
        if let paused = pausedAt.take(), let deadline {
            setDeadline(deadline + (context.eventLoop.now - paused), context: context)
        }
        context.read()
    }

    private func setDeadline(_ deadline: NIODeadline, context: ChannelHandlerContext) {
        self.deadline = deadline
        guard timer == nil else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in fire(context: context) }
    }

    private func fire(context: ChannelHandlerContext) {
        timer = nil
        // While paused, the next read request sets the timer again.
        guard let deadline, pausedAt == nil else { return }
        if context.eventLoop.now >= deadline { return context.close(promise: nil) }
        // A later request's deadline, set while this timer waited for an earlier one.
        setDeadline(deadline, context: context)
    }

    private func decoded(_ part: HTTPServerRequestPart) {
        parts &+= 1
        switch part {
        case .head: inRequest = true
        case .body: break
        case .end: inRequest = false
        }
    }

    /// Tells ``RequestReadTimeout`` of each part NIO's decoder produces.
    final class Ends: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias InboundOut = HTTPServerRequestPart

        private let timeout: RequestReadTimeout

        fileprivate init(timeout: RequestReadTimeout) {
            self.timeout = timeout
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            timeout.decoded(unwrapInboundIn(data))
            context.fireChannelRead(data)
        }
    }
}
