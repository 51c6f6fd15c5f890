import Metrics
import NIOCore

/// The read hot path: a keep-alive `GET` for a public document the server has already answered
/// is answered with prepared bytes as soon as it is read, before any HTTP decoding, async task,
/// routing, header building or middleware.
///
/// Installed ahead of NIO's HTTP codec by ``PolicyFastPathInstaller``. It scans each request head
/// itself (``RawRequestHead``) and answers only when all of this holds:
/// - every request it passed on earlier has been answered (``RequestTracker``), so responses
///   stay in order;
/// - NIO's decoder is between messages, so it never misses half of one;
/// - the exact request target has a prepared answer;
/// - the peer is reading what was sent: while the channel is not writable, received bytes wait
///   here and no more are read, so a client that pipelines without reading can't grow the server.
/// Everything else (first requests after a publish, bodies, admin) goes on to the decoder and
/// Hummingbird, whose router prepares the answer for next time. Once a head the decoder might not
/// turn into exactly one request has gone to it (a body, an unknown method, `CONNECT`,
/// `Connection: close`, anything odd), the rest of the connection does too, because only the
/// decoder then knows where the next message starts.
/// Answers sent here are counted in `launchgate_fast_path_responses_total`, not logged one by one.
final class PolicyFastPathHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// Bytes held while the peer is not reading; more means something asked for reads anyway.
    static let maximumHeldBytes = 1 << 20
    /// Requests of one connection that may wait for Hummingbird at once. Past it the rest of a
    /// pipeline waits here, unread: one client that pipelines thousands of requests (and perhaps
    /// never reads the answers) must not queue them all ahead of every other connection's.
    static let maximumInFlight = 16

    private let cache: DocumentCache
    private let date: HTTPDateHeader
    private let counter: Counter
    private let tracker: RequestTracker
    private let timeouts: ConnectionTimeouts?
    private let check: CheckFastPath?
    private let sightings: SightingIntake?
    /// Who this connection's requests come from, once its peer has been read.
    private var client: FastPathClient?
    /// Whether everything passed to the decoder so far ended exactly at a message's end.
    private var decoderIsBetweenMessages = true
    /// Received bytes not handled yet, starting between messages: a head whose end has not
    /// arrived, or whatever came while the channel was not writable.
    private var unprocessed: ByteBuffer?
    /// How many bytes of `unprocessed` scanned as an incomplete head, so that a head trickling in
    /// is not scanned from its first byte on every read.
    private var scannedIncomplete = 0
    /// The channel's writability, as last announced: asking the channel on every request costs
    /// a retain and a call, and it only changes through `channelWritabilityChanged`.
    private var writable = true
    /// Whether a read was asked for while the channel was not writable or answers were awaited.
    private var readHeld = false
    /// Whether ``maximumInFlight`` requests wait for answers, holding the rest in `unprocessed`.
    private var awaitingAnswers = false
    /// Whether ``ConnectionTimeouts`` is timing a head.
    private var timingHead = false
    /// The connection's last target and answers, so repeats need no lookup or building.
    private var memo = FastPathMemo()
    /// Bytes the decoder took since it last produced a part.
    private var bytesWithoutParts = 0
    /// Whether anything went on to the decoder since the last read completed.
    private var passedOn = false
    /// Answers sent since the last read completed, counted in one step.
    private var answered = 0

    /// - Parameters:
    ///   - check: Answers `/check` requests too when given.
    ///   - sightings: Where answered requests' `LaunchGate-Client` values go, when installs are recorded.
    init(cache: DocumentCache, date: HTTPDateHeader, counter: Counter, tracker: RequestTracker, timeouts: ConnectionTimeouts? = nil,
         check: CheckFastPath? = nil, sightings: SightingIntake? = nil) {
        self.check = check
        self.sightings = sightings
        self.cache = cache
        self.date = date
        self.counter = counter
        self.tracker = tracker
        self.timeouts = timeouts
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if let sightings { client = FastPathClient(peer: context.channel.remoteAddress?.ipAddress, sightings: sightings) }
        // Both handlers run on the channel's event loop. On the next tick, not inside the write
        // that ended the answer: requests let through then reach Hummingbird as any read does.
        let loop = context.eventLoop.assumeIsolated()
        writable = context.channel.isWritable
        // Unowned, not weak: a weak reference would move this handler's reference count to a
        // side table, making every retain of it on the hot path the slow kind. Safe because both
        // closures hold `context`, whose handler is a `let`: the handler lives as long as any hop
        // this schedules, even one that runs after it was removed. Keep `context` captured.
        tracker.onAnswer = { [unowned self] in
            guard self.awaitingAnswers else { return }
            loop.execute { self.answerSent(context: context) }
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        tracker.onAnswer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        timeouts?.received()
        guard decoderIsBetweenMessages else { return passOn(buffer, context: context) }
        if var held = unprocessed.take() {
            held.writeBuffer(&buffer)
            buffer = held
        }
        guard buffer.readableBytes <= Self.maximumHeldBytes else { return context.close(promise: nil) }
        process(&buffer, context: context)
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
            read(context: context)
        }
    }

    func read(context: ChannelHandlerContext) {
        // Reading on while the peer reads nothing would only queue more answers, and reading on
        // while a full pipeline waits would only queue more requests.
        guard writable, !awaitingAnswers else {
            readHeld = true
            return
        }
        readHeld = false
        context.read()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        writable = context.channel.isWritable
        context.fireChannelWritabilityChanged()
        guard writable else { return }
        if decoderIsBetweenMessages, var held = unprocessed.take() {
            process(&held, context: context)
            channelReadComplete(context: context)
        }
        if readHeld, writable { read(context: context) }
    }

    /// A response ended: requests held back for a full pipeline may go on.
    private func answerSent(context: ChannelHandlerContext) {
        guard awaitingAnswers, tracker.inFlight < Self.maximumInFlight else { return }
        awaitingAnswers = false
        if decoderIsBetweenMessages, var held = unprocessed.take() {
            process(&held, context: context)
            channelReadComplete(context: context)
        }
        if readHeld, !awaitingAnswers, writable { read(context: context) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        unprocessed = nil
        scannedIncomplete = 0
        context.fireChannelInactive()
    }

    /// Answers or passes on each complete head in `buffer`, which starts between messages.
    /// In place, so that the buffer is not copied (a retain and a release) on every read.
    private func process(_ buffer: inout ByteBuffer, context: ChannelHandlerContext) {
        // Pipelined requests answered here leave in one flush.
        let answeredBefore = answered
        defer { if answered > answeredBefore { timeouts?.sent(); context.flush() } }
        while buffer.readableBytes > 0 {
            guard writable else {
                unprocessed = buffer
                return
            }
            // Only the first head in `buffer` can be one scanned before.
            let scanned = scannedIncomplete
            scannedIncomplete = 0
            switch buffer.withUnsafeReadableBytes({ RawRequestHead.scan($0, scannedUpTo: scanned) }) {
            case .incomplete:
                unprocessed = buffer
                scannedIncomplete = buffer.readableBytes
                if !timingHead {
                    timingHead = true
                    timeouts?.headBegan()
                }
                return
            case .unrecognized:
                return passRest(buffer, context: context)
            case .head(let head):
                if timingHead {
                    timingHead = false
                    timeouts?.headEnded()
                }
                guard head.endsAtMessageBoundary, head.isKeepAlive else { return passRest(buffer, context: context) }
                if tracker.isIdle, let answer = answer(head, in: buffer) {
                    context.write(NIOAny(IOData.byteBuffer(answer)), promise: nil)
                    answered += 1
                    buffer.moveReaderIndex(forwardBy: head.length)
                } else if tracker.inFlight >= Self.maximumInFlight {
                    unprocessed = buffer
                    awaitingAnswers = true
                    return
                } else if let request = buffer.readSlice(length: head.length) {
                    tracker.requestPassed()
                    passedOn = true
                    context.fireChannelRead(wrapInboundOut(request))
                }
            }
        }
    }

    /// Hands everything from here on to the decoder.
    private func passRest(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        decoderIsBetweenMessages = false
        passOn(buffer, context: context)
    }

    /// Passes bytes to the decoder, timing a request the decoder has started but not finished:
    /// bytes that produced nothing while it waited for a head can only be the start of one, and a
    /// request whose end has not come is still arriving.
    private func passOn(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        passedOn = true
        let partsBefore = tracker.partsSeen
        context.fireChannelRead(wrapInboundOut(buffer))
        // A decoder that turns bytes into nothing is holding them (a head it can't end, or bytes
        // after an upgrade it stopped parsing at): past a bound, the connection goes, not memory.
        if tracker.partsSeen == partsBefore {
            bytesWithoutParts += buffer.readableBytes
            if bytesWithoutParts > Self.maximumHeldBytes { return context.close(promise: nil) }
        } else {
            bytesWithoutParts = 0
        }
        // Timed from a head's first byte to its request's end: a head or a body trickled in a byte
        // at a time (never idle) must not hold a connection slot for ever.
        if !tracker.awaitingHead || tracker.partsSeen == partsBefore {
            if !timingHead {
                timingHead = true
                timeouts?.headBegan()
            }
        } else if timingHead {
            timingHead = false
            timeouts?.headEnded()
        }
    }

    /// The complete answer to a request head, or `nil` when the router must answer it.
    private func answer(_ head: RawRequestHead, in buffer: ByteBuffer) -> ByteBuffer? {
        guard head.isAnswerable else { return nil }
        // Split first: a policy target then never copies `check` (a retain of each of its parts).
        if check != nil, let split = buffer.withUnsafeReadableBytes({ CheckFastPath.split(UnsafeRawBufferPointer(rebasing: $0[head.target])) }),
           let check {
            return buffer.withUnsafeReadableBytes { bytes in
                check.answer(target: UnsafeRawBufferPointer(rebasing: bytes[head.target]), split: split,
                             clientHeader: head.launchGateClient.map { UnsafeRawBufferPointer(rebasing: bytes[$0]) },
                             client: { clientKey(head, in: bytes) })
            }
        }
        // Longer targets are never prepared; looking would only cost a string.
        guard head.target.count <= PreparedResponse.maximumTargetLength,
              let prepared = prepared(for: head, in: buffer) else { return nil }
        if let sightings, let range = head.launchGateClient {
            _ = buffer.withUnsafeReadableBytes { bytes in
                sightings.note(app: prepared.app, header: UnsafeRawBufferPointer(rebasing: bytes[range]), client: clientKey(head, in: bytes))
            }
        }
        let notModified = head.ifNoneMatch.map { range in
            buffer.withUnsafeReadableBytes { bytes in
                let value = UnsafeRawBufferPointer(rebasing: bytes[range])
                return prepared.etagBytes.withUnsafeBytes { EntityTag.matches(value, etag: $0) }
            }
        } ?? false
        return memo.response(prepared, notModified: notModified, date: date)
    }

    /// The key the request's client counts under (``FastPathClient``).
    private func clientKey(_ head: RawRequestHead, in bytes: UnsafeRawBufferPointer) -> Int {
        guard let sightings else { return 0 }
        return client?.key(forwardedFor: head.forwardedFor.map { UnsafeRawBufferPointer(rebasing: bytes[$0]) }, sightings: sightings) ?? 0
    }

    private func prepared(for head: RawRequestHead, in buffer: ByteBuffer) -> PreparedResponse? {
        buffer.withUnsafeReadableBytes { bytes in memo.prepared(target: UnsafeRawBufferPointer(rebasing: bytes[head.target]), in: cache) }
    }
}
