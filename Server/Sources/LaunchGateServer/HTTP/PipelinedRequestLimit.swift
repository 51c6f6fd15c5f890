import Metrics
import NIOCore
import NIOHTTP1

/// Closes a connection whose pipelined requests, waiting behind the one being answered, hold more
/// than `limit` bytes while its peer is not reading (the channel is unwritable).
///
/// NIO's pipelining handler hands the server one request at a time and asks for no more reads
/// while one is answered, but NIO's decoder has already parsed every request of the reads before
/// that (up to four reads of 64 KB each), and the pipelining handler keeps them all. A client
/// that pipelines 200 requests and then reads its answers 512 bytes at a time kept about 170 KB
/// of parsed requests on the server for as long as it liked, and 2,000 small ones about 630 KB
/// (release build, measured with the server's RSS): 3,000 such clients took the server past 1 GB
/// (issue 27). Real clients seldom pipeline at all, and never this deep.
///
/// It sits right after NIO's decoder, before the pipelining handler, and estimates what each
/// request held there costs: ``overhead`` for the parsed head's allocations (measured: about
/// 275 bytes each beyond its text), its target and headers, and its body parts. The request
/// being answered is not counted: the server is working on it, and its body is bounded by the
/// body limit. A response's end (NIO's, on its way out) retires the oldest request. A client that
/// pipelines deep but reads its answers keeps the channel writable and is let be: its requests
/// are answered as fast as it reads, and NIO reads no more meanwhile. One that doesn't read turns
/// the channel unwritable after a few answers, and is closed then, or at its next request past
/// the limit. Closed connections are counted in `launchgate_connections_pipeline_closed_total`.
final class PipelinedRequestLimit: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Bytes the requests waiting behind the one being answered may hold: a hundred small GETs.
    static let defaultLimit = 32 * 1024
    /// What a parsed head costs beyond its text.
    static let overhead = 256

    private let limit: Int
    private let closed: Counter
    /// The estimated bytes of each request not yet answered, oldest (being answered) first.
    private var requests = CircularBuffer<Int>()
    /// The sum of `requests` but the first.
    private var waiting = 0
    private var closing = false

    /// - Parameter limit: Bytes the waiting requests may hold.
    init(limit: Int = PipelinedRequestLimit.defaultLimit,
         closed: Counter = Counter(label: "launchgate_connections_pipeline_closed_total")) {
        self.limit = limit
        self.closed = closed
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            let size = Self.overhead + head.uri.utf8.count + head.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
            if !requests.isEmpty { waiting += size }
            requests.append(size)
        case .body(let body):
            // The first request's body is the server's to read; a later one's waits here.
            if requests.count > 1 {
                waiting += body.readableBytes
                requests[requests.index(before: requests.endIndex)] += body.readableBytes
            }
        case .end: break
        }
        if overLimit(context) { return close(context) }
        context.fireChannelRead(data)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if !closing, overLimit(context) { return close(context) }
        context.fireChannelWritabilityChanged()
    }

    private func overLimit(_ context: ChannelHandlerContext) -> Bool {
        waiting > limit && !context.channel.isWritable
    }

    private func close(_ context: ChannelHandlerContext) {
        closing = true
        closed.increment()
        context.close(promise: nil)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), !requests.isEmpty {
            requests.removeFirst()
            // The next request is now the one being answered.
            if let next = requests.first { waiting -= next }
        }
        context.write(data, promise: promise)
    }
}
