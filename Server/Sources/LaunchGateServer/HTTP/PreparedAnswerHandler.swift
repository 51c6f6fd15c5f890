import HTTPTypes
import Hummingbird
import HummingbirdCore
@_spi(LaunchGateServer) import LaunchGate
import LaunchGateHTTP
import LaunchGatePolicies
import LaunchGateStorage
import Metrics
import NIOCore
import NIOHTTPTypes

/// The read hot path: a public read whose answer ``PolicyService`` has already prepared is
/// answered here, from decoded request parts, without Hummingbird's router, middleware or a task
/// switch; everything else goes on to Hummingbird untouched.
///
/// It sits after NIO's HTTP decoder and its pipelining handler (``LaunchGateHTTPChannel``), so it
/// never reads bytes and only ever sees a request once every earlier answer on the connection has
/// been written: answers stay in order without any bookkeeping here. It answers a `GET` (or a
/// policy `HEAD`) that:
/// - names a path exactly as ``PublicRead`` spells it, and a query that reads without error;
/// - has no body and does not ask to close the connection (those go to Hummingbird, which closes);
/// - has an answer in ``PolicyService``'s memory: the first request after a change always goes
///   to the router, which prepares it;
/// - arrives while the channel is writable. A peer that stops reading makes the channel unwritable
///   once its unread answers pass NIO's high-water mark; from then on requests already read go on
///   to Hummingbird, whose writer waits for writability, and NIO's pipelining handler holds the
///   rest. So answers queue up to about that mark per connection, not a whole read cycle's worth.
/// The answer is ``PublicAnswer``, as the router's is, stamped as Hummingbird and the middleware
/// stamp theirs (`X-Request-ID`, `Date`, `Server`); answers are counted in
/// `launchgate_fast_path_responses_total`, not logged one by one.
///
/// Nor traced: a span per answer would allocate, read the clock twice and queue the span for
/// export on every read, the very costs this path exists to avoid, on the path that carries
/// nearly all the traffic. Its counter says how much it answered; a read that the router answers
/// instead (the first after a change, a miss) has its span there (``RequestSpanMiddleware``).
final class PreparedAnswerHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What every connection's handler shares.
    struct Settings: Sendable {
        let policies: PolicyService
        let defaultApp: String?
        /// `Cache-Control` max-age of documents, in seconds.
        let maxAge: Int
        /// Told of answered reads that name an install; `nil` when recording is off.
        let reads: (any PolicyReadObserver)?
        let clients: ClientAddressResolver
        /// The `Server` header, as Hummingbird sends it.
        let serverName: String
        var date: HTTPDateHeader
        var answered: Counter
        /// Documents' `Cache-Control`, written once from `maxAge`.
        let cacheControl: String

        init(policies: PolicyService, defaultApp: String?, maxAge: Int, reads: (any PolicyReadObserver)?, clients: ClientAddressResolver,
             serverName: String, date: HTTPDateHeader = HTTPDateHeader(),
             answered: Counter = Counter(label: "launchgate_fast_path_responses_total")) {
            (self.policies, self.defaultApp, self.maxAge, self.reads, self.clients) = (policies, defaultApp, maxAge, reads, clients)
            (self.serverName, self.date, self.answered) = (serverName, date, answered)
            cacheControl = PublicAnswer.cacheControl(maxAge: maxAge)
        }
    }

    private let settings: Settings
    /// The answer to the request whose head was taken here, sent once its end arrives.
    private var pending: PublicAnswer?
    /// Answers waiting to be written: writing one's end lets NIO's pipelining handler hand over
    /// the next request at once, from inside the write, and its answer waits here rather than
    /// nesting a write per pipelined request on the stack.
    private var outbox: [PublicAnswer] = []
    private var writing = false
    private var needsFlush = false
    private var writable = true
    private var readHeld = false
    /// The peer's limit key, read once: a peer that is not a trusted proxy is the same client
    /// for every request on the connection.
    private var peer: (address: String?, key: String?)?

    init(settings: Settings) {
        self.settings = settings
    }

    func handlerAdded(context: ChannelHandlerContext) {
        writable = context.channel.isWritable
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            guard writable, let answer = answer(request, context: context) else { return context.fireChannelRead(data) }
            pending = answer
        case .body:
            // Only requests that announce no body are answered here.
            if pending == nil { context.fireChannelRead(data) }
        case .end:
            guard let answer = pending.take() else { return context.fireChannelRead(data) }
            send(answer, context: context)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // A completion that comes while answers are being written is one NIO's pipelining handler
        // fires from inside that write; the one for the read that started it follows.
        if needsFlush, !writing {
            needsFlush = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    func read(context: ChannelHandlerContext) {
        // Reading on while the peer reads nothing would only queue more answers in memory.
        guard writable else {
            readHeld = true
            return
        }
        context.read()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        writable = context.channel.isWritable
        if writable, readHeld {
            readHeld = false
            context.read()
        }
        context.fireChannelWritabilityChanged()
    }

    private func send(_ answer: PublicAnswer, context: ChannelHandlerContext) {
        outbox.append(answer)
        guard !writing else { return }
        writing = true
        while !outbox.isEmpty {
            let answer = outbox.removeFirst()
            // Appended, as the answer has none of the three: setting them by name searches the fields.
            var headers = answer.headers
            headers.append(HTTPField(name: .requestID, value: RequestID().description))
            headers.append(HTTPField(name: .date, value: settings.date.value))
            headers.append(HTTPField(name: .server, value: settings.serverName))
            context.write(wrapOutboundOut(.head(HTTPResponse(status: answer.status, headerFields: headers))), promise: nil)
            if let body = answer.body { context.write(wrapOutboundOut(.body(body)), promise: nil) }
            context.write(wrapOutboundOut(.end(nil)), promise: nil)
            settings.answered.increment()
        }
        writing = false
        needsFlush = true
    }

    /// The prepared answer to a request head, or `nil` when Hummingbird must answer it.
    private func answer(_ request: HTTPRequest, context: ChannelHandlerContext) -> PublicAnswer? {
        let fields = request.headerFields
        guard request.method == .get || request.method == .head, let target = request.path,
              fields[.contentLength] == nil, fields[.transferEncoding] == nil, fields[.connection] != "close" else { return nil }
        // Hummingbird reads the same target into the same URI for the router.
        let uri = URI(target)
        let app: String
        let answer: PublicAnswer
        switch PublicRead.matching(path: uri.path, defaultApp: settings.defaultApp) {
        case .document(let name, let format)? where request.method == .get || format == .canonical:
            guard let key = try? DocumentKey(app: name, format: format, uri: uri),
                  let document = settings.policies.preparedDocument(for: key) else { return nil }
            app = name
            answer = PublicAnswer(document: document, ifNoneMatch: fields[values: .ifNoneMatch], cacheControl: settings.cacheControl,
                                  isHead: request.method == .head)
        case .check(let name)? where request.method == .get:
            guard let query = try? CheckQuery(uri: uri),
                  let body = settings.policies.preparedCheckAnswer(app: name, query: query, header: {
                      fields[RequestValues.clientHeader].flatMap(ClientHeader.parse)
                  }) else { return nil }
            app = name
            answer = PublicAnswer(check: body)
        default:
            return nil
        }
        if let reads = settings.reads, let header = fields[RequestValues.clientHeader] {
            let client = client(fields, context: context)
            reads.policyRead(app: app, clientHeader: header, client: client.key, clientIsProxy: client.isProxy)
        }
        return answer
    }

    /// Who the request counts under for per-client limits, and whether that is a trusted proxy
    /// itself, as the router reckons them.
    private func client(_ fields: HTTPFields, context: ChannelHandlerContext) -> (key: String, isProxy: Bool) {
        if peer == nil {
            let address = context.channel.remoteAddress?.ipAddress
            // Behind a trusted proxy each request names its own client.
            let trusted = address.map(settings.clients.trusts) ?? false
            peer = (address, trusted ? nil : settings.clients.limitKey(peer: address, forwardedFor: []))
        }
        if let key = peer?.key { return (key, false) }
        let forwardedFor = fields[values: .xForwardedFor]
        return (settings.clients.limitKey(peer: peer?.address, forwardedFor: forwardedFor),
                settings.clients.isProxy(peer: peer?.address, forwardedFor: forwardedFor))
    }
}
