import NIOCore

/// Closes a connection that sends and receives nothing for `idle`, that sends no byte at all for
/// `head` after it opened (a client holding connection slots for free), or that takes longer than
/// `head` to finish a request head once its first byte arrived (slowloris), or its body once the
/// head was read (a trickled upload).
///
/// It sits right after ``PolicyFastPathHandler`` (first in the pipeline when there is none), so it
/// sees the raw bytes that go on to the decoder and every byte Hummingbird sends. The fast path
/// tells it of the bytes it handles itself (``received()``, ``sent()``) rather than passing every
/// read and flush through one more handler.
///
/// One timer per connection, set for the nearest deadline; activity only sets a flag, so the hot path never
/// reads a clock, schedules or cancels anything. The timer reads the flag: while a connection is
/// busy it wakes every quarter of `idle`, so an idle connection is closed between `idle` and
/// 1.25 × `idle` after its last byte. Deadlines come from the event loop's clock, so tests
/// drive them with `EmbeddedEventLoop.advanceTime`.
///
/// Hummingbird's own idle timeout is not used: it counts only requests that reach Hummingbird,
/// so it would close a busy connection answered entirely by the fast path, and it reads the
/// system clock rather than the event loop's.
final class ConnectionTimeouts: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let idle: TimeAmount
    private let head: TimeAmount
    /// How often the timer looks while the connection is busy: a quarter of `idle`.
    private let lookInterval: TimeAmount
    private var context: ChannelHandlerContext?
    /// When the timer last saw activity: no earlier than the last byte, at most a quarter of
    /// `idle` later.
    private var lastActivity = NIODeadline.uptimeNanoseconds(0)
    /// Whether bytes passed since the timer last looked.
    private var active = false
    /// When the head now being read must be complete; `nil` between heads.
    private var headDeadline: NIODeadline?
    /// When the first byte must have come; `nil` once it has.
    private var firstByteDeadline: NIODeadline?
    private var timer: Scheduled<Void>?
    private var timerDeadline = NIODeadline.distantFuture

    /// - Parameters:
    ///   - idle: How long a connection may pass no bytes either way.
    ///   - head: How long a request head may take from its first byte to its blank line.
    init(idle: TimeAmount, head: TimeAmount) {
        self.idle = idle
        self.head = head
        lookInterval = .nanoseconds(max(idle.nanoseconds / 4, 1))
    }

    /// The first byte of a request head arrived; starts its clock unless it is already running.
    func headBegan() {
        guard headDeadline == nil, let context else { return }
        let deadline = context.eventLoop.now + head
        headDeadline = deadline
        if deadline < timerDeadline { schedule(at: deadline) }
    }

    /// The head being read is complete.
    func headEnded() { headDeadline = nil }

    /// Bytes arrived, told by a handler ahead of this one.
    func received() {
        active = true
        firstByteDeadline = nil
    }

    /// Bytes were sent, told by a handler ahead of this one.
    func sent() { active = true }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { start(context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        received()
        context.fireChannelRead(data)
    }

    func flush(context: ChannelHandlerContext) {
        // Once per batch of answers rather than per write: cheaper, and as good a sign of life.
        sent()
        context.flush()
    }

    private func start(context: ChannelHandlerContext) {
        guard timer == nil else { return }
        lastActivity = context.eventLoop.now
        let firstByte = lastActivity + head
        firstByteDeadline = firstByte
        // The first look within a quarter of `idle`, like every later one: a look counts activity
        // from its own time, so a later first look would stretch the idle timeout by its delay.
        schedule(at: min(firstByte, lastActivity + lookInterval))
    }

    private func schedule(at deadline: NIODeadline) {
        guard let context else { return }
        timer?.cancel()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in fire() }
    }

    private func fire() {
        guard let context else { return }
        timer = nil
        timerDeadline = .distantFuture
        let now = context.eventLoop.now
        if let headDeadline, now >= headDeadline {
            return context.close(promise: nil)
        }
        if let firstByteDeadline, now >= firstByteDeadline {
            return context.close(promise: nil)
        }
        if active {
            // Bytes passed at some point since the last look: counted from now, which is at most
            // one look late, and looked at again within a quarter of `idle`.
            active = false
            lastActivity = now
            let check = now + lookInterval
            return schedule(at: [check, headDeadline, firstByteDeadline].compactMap { $0 }.min() ?? check)
        }
        let idleDeadline = lastActivity + idle
        if now >= idleDeadline { return context.close(promise: nil) }
        // Not straight to the idle deadline: bytes passing just after this look would only be
        // seen there, a whole `idle` late.
        let check = min(idleDeadline, now + lookInterval)
        schedule(at: [check, headDeadline, firstByteDeadline].compactMap { $0 }.min() ?? check)
    }
}
