import NIOCore
import NIOHTTP1

/// Hummingbird adds extra handlers after its HTTP type conversion; the fast path belongs before
/// all of it. This handler, added there, builds the connection's pipeline around NIO's codec and
/// then takes itself out:
///
/// `ConnectionLimitHandler` (which leaves once it has taken its place), ``PolicyFastPathHandler``,
/// ``ConnectionTimeouts``, NIO's encoder and decoder, ``RequestTracker``, ``RequestRejecter``,
/// then Hummingbird's handlers. The timeouts come after the fast path so that its answers pass
/// through one handler fewer; it tells them of the bytes it handles itself.
final class PolicyFastPathInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    /// Per-connection limits; `nil` leaves that limit out.
    struct Limits: Sendable {
        /// How long a connection may pass no bytes either way.
        var idleTimeout: TimeAmount
        /// How long a request head may take from its first byte to its end.
        var headerTimeout: TimeAmount
        /// The server-wide cap on open connections.
        var connections: ConnectionLimit?
    }

    private let limits: Limits?
    private let makeRequestID: (@Sendable () -> String)?
    private let makeHandler: @Sendable (RequestTracker, ConnectionTimeouts?) -> PolicyFastPathHandler

    /// - Parameters:
    ///   - limits: Timeouts and the connection cap; `nil` for none (tests of other behaviour).
    ///   - makeRequestID: For ``RequestRejecter``'s answers; `nil` uses Hummingbird's request IDs.
    ///   - makeHandler: Builds the connection's fast path around its tracker and timeouts.
    init(limits: Limits? = nil, makeRequestID: (@Sendable () -> String)? = nil,
         makeHandler: @escaping @Sendable (RequestTracker, ConnectionTimeouts?) -> PolicyFastPathHandler) {
        self.limits = limits
        self.makeRequestID = makeRequestID
        self.makeHandler = makeHandler
    }

    /// The kernel's send buffer per connection. Left to itself Linux grows it to megabytes, and a
    /// client that pipelines requests and never reads gets that many bytes of answers (tens of
    /// thousands of requests' work) out of the server before the channel turns unwritable and
    /// reading stops: thirty such clients starve everyone else for seconds. 64 KiB still carries
    /// the largest policy document in a few round trips.
    static let sendBufferSize = 64 * 1024

    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        var timeouts: ConnectionTimeouts?
        if let limits {
            _ = context.channel.setOption(.socketOption(.so_sndbuf), value: SocketOptionValue(Self.sendBufferSize))
            timeouts = ConnectionTimeouts(idle: limits.idleTimeout, head: limits.headerTimeout)
        }
        var fastPath: PolicyFastPathHandler?
        // NIO puts the response encoder just before the request decoder. Going before the encoder
        // keeps anything ahead of both (such as TLS) ahead of the fast path too. Without them
        // where expected, the pipeline stays as Hummingbird built it.
        if let encoder = try? pipeline.handler(type: HTTPResponseEncoder.self),
           let decoder = try? pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self) {
            let tracker = RequestTracker()
            let rejecter = makeRequestID.map { RequestRejecter(makeRequestID: $0) } ?? RequestRejecter()
            if (try? pipeline.addHandler(tracker, position: .after(decoder))) != nil,
               (try? pipeline.addHandler(rejecter, position: .after(tracker))) != nil {
                let handler = makeHandler(tracker, timeouts)
                if (try? pipeline.addHandler(handler, position: .before(encoder))) != nil { fastPath = handler }
            }
        }
        if let timeouts {
            // Without a fast path to tell it of bytes, the timeouts must see every byte themselves.
            try? pipeline.addHandler(timeouts, position: fastPath.map { .after($0) } ?? .first)
        }
        if let connections = limits?.connections {
            try? pipeline.addHandler(ConnectionLimitHandler(limit: connections), position: .first)
        }
        context.eventLoop.assumeIsolated().execute { [context] in
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }
}
