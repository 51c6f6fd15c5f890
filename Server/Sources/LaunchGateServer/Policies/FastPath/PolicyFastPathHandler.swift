import Metrics
import NIOCore

/// The read hot path: a keep-alive `GET` for a public document the server has already answered
/// is answered with prepared bytes as soon as it is read, before any HTTP decoding, async task,
/// routing, header building or middleware.
///
/// Installed first in the pipeline by ``PolicyFastPathInstaller``. It scans each request head
/// itself (``RawRequestHead``) and answers only when all of this holds:
/// - ``RequestTracker`` says no earlier request is still being answered, so responses stay in order;
/// - NIO's decoder is between messages, so it never misses half of one;
/// - the exact request target has a prepared answer, and the app has no exemptions if the
///   request carries `LaunchGate-Client`.
/// Everything else (first requests after a publish, HTTP/1.0, `Connection: close`, bodies,
/// admin) goes on to the decoder and Hummingbird, whose router prepares the answer for next time.
/// Once a request with a body or an unrecognised head has gone to the decoder, the rest of the
/// connection does too, because only the decoder then knows where the next message starts.
/// Answers sent here are counted in `launchgate_fast_path_responses_total`, not logged one by one.
final class PolicyFastPathHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let cache: DocumentCache
    private let date: HTTPDateHeader
    private let counter: Counter
    private let tracker: RequestTracker
    /// Whether everything passed to the decoder so far ended exactly at a message's end.
    private var decoderIsBetweenMessages = true
    /// The start of a head whose end has not arrived yet.
    private var partialHead: ByteBuffer?
    /// The last target answered and what answered it, so repeats need no string or lookup.
    private var lastTarget: [UInt8] = []
    private var lastPrepared: PreparedResponse?
    private var lastGeneration = -1
    /// The last complete answers sent, valid for `memoPrepared` during `memoSecond`.
    private var memoPrepared: PreparedResponse?
    private var memoSecond = Int.min
    private var memoOK = ByteBuffer()
    private var memoNotModified = ByteBuffer()
    /// Whether anything went on to the decoder since the last read completed.
    private var passedOn = false
    /// Answers sent since the last read completed, counted in one step.
    private var answered = 0

    init(cache: DocumentCache, date: HTTPDateHeader, counter: Counter, tracker: RequestTracker) {
        self.cache = cache
        self.date = date
        self.counter = counter
        self.tracker = tracker
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard decoderIsBetweenMessages else {
            passedOn = true
            return context.fireChannelRead(data)
        }
        var buffer = unwrapInboundIn(data)
        if var partial = partialHead.take() {
            partial.writeBuffer(&buffer)
            buffer = partial
        }
        // Pipelined requests answered here leave in one flush.
        let answeredBefore = answered
        defer { if answered > answeredBefore { context.flush() } }
        while buffer.readableBytes > 0 {
            switch buffer.withUnsafeReadableBytes(RawRequestHead.scan) {
            case .incomplete:
                partialHead = buffer
                return
            case .unrecognized:
                return passRest(buffer, context: context)
            case .head(let head):
                guard head.endsAtMessageBoundary else { return passRest(buffer, context: context) }
                if tracker.isIdle, let answer = answer(head, in: buffer) {
                    context.write(NIOAny(IOData.byteBuffer(answer)), promise: nil)
                    answered += 1
                    buffer.moveReaderIndex(forwardBy: head.length)
                } else if let request = buffer.readSlice(length: head.length) {
                    passedOn = true
                    context.fireChannelRead(wrapInboundOut(request))
                }
            }
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if answered > 0 {
            counter.increment(by: Int64(answered))
            answered = 0
        }
        // Handlers further on (the async channel among them) act on a completed read only when
        // they were given something; skipping them saves a walk through the whole pipeline.
        if passedOn || !decoderIsBetweenMessages {
            passedOn = false
            context.fireChannelReadComplete()
        } else if tracker.isIdle {
            // Nothing is queued further on, so there is no backpressure to respect: ask for the
            // next read from here. The channel then skips its own request, which would walk every
            // handler from the tail (about a fifth of the hot path's user time).
            context.read()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        partialHead = nil
        context.fireChannelInactive()
    }

    /// Hands everything from here on to the decoder.
    private func passRest(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        decoderIsBetweenMessages = false
        passedOn = true
        context.fireChannelRead(wrapInboundOut(buffer))
    }

    /// The complete answer to a request head, or `nil` when the router must answer it.
    private func answer(_ head: RawRequestHead, in buffer: ByteBuffer) -> ByteBuffer? {
        guard head.isAnswerable, let prepared = prepared(for: head, in: buffer) else { return nil }
        let notModified = head.ifNoneMatch.map { range in
            buffer.withUnsafeReadableBytes { bytes in
                let value = UnsafeRawBufferPointer(rebasing: bytes[range])
                return prepared.etagBytes.withUnsafeBytes { EntityTag.matches(value, etag: $0) }
            }
        } ?? false
        // Rebuilt at most once a second per connection, so a hit costs one retained buffer.
        let second = date.second
        if second != memoSecond || memoPrepared !== prepared {
            let dateLine = date.line(second: second)
            memoOK = prepared.okPrefix
            memoOK.writeImmutableBuffer(dateLine)
            memoOK.writeImmutableBuffer(prepared.body)
            memoNotModified = prepared.notModifiedPrefix
            memoNotModified.writeImmutableBuffer(dateLine)
            memoSecond = second
            memoPrepared = prepared
        }
        return notModified ? memoNotModified : memoOK
    }

    private func prepared(for head: RawRequestHead, in buffer: ByteBuffer) -> PreparedResponse? {
        let generation = cache.generation
        return buffer.withUnsafeReadableBytes { bytes in
            let target = UnsafeRawBufferPointer(rebasing: bytes[head.target])
            if generation == lastGeneration, let lastPrepared, lastTarget.withUnsafeBytes(target.hasSameBytes) { return lastPrepared }
            guard let prepared = cache.prepared(for: String(decoding: target, as: UTF8.self)) else { return nil }
            (lastTarget, lastPrepared, lastGeneration) = (Array(target), prepared, generation)
            return prepared
        }
    }
}
