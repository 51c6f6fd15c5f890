import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// The server's HTTP/1.1 connections: Hummingbird's `HTTP1Channel`, with NIO's pipelining
/// assistance on and the hot path after Hummingbird's idle timer. Each connection's pipeline:
///
/// ``ConnectionShareHandler`` (each address's share of the connections), ``WriteStallTimeout``,
/// ``RequestReadTimeout``, NIO's response encoder and request decoder, ``RequestReadTimeout/Ends``,
/// ``PipelinedRequestLimit``, NIO's `HTTPServerPipelineHandler`, ``ConnectionShareHandler/Requests`` (which requests are in
/// flight), ``RequestGuard``, the conversion to HTTP types,
/// Hummingbird's `HTTPConnectionStateHandler` (the idle timeout and graceful shutdown),
/// ``PreparedAnswerHandler``, then Hummingbird.
///
/// `HTTP1Channel` adds its extra handlers before its idle timer, which would then never see the
/// hot path's requests and would close a connection that only it serves; and it leaves NIO's
/// pipelining handler out, which is what hands the hot path one request at a time, in order. So
/// this builds the same pipeline through the same public pieces, in that order.
struct LaunchGateHTTPChannel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    /// Per-connection limits and the hot path.
    struct Settings: Sendable {
        /// How long a connection may be idle between requests (Hummingbird's idle timeout).
        var idleTimeout: TimeAmount?
        /// How long a request may take to arrive (``RequestReadTimeout``); `nil` for none.
        var requestTimeout: TimeAmount?
        /// The hot path; `nil` sends every request to Hummingbird.
        var preparedAnswers: PreparedAnswerHandler.Settings?
        /// For ``RequestGuard``'s refusals; `nil` uses Hummingbird's request IDs.
        var makeRequestID: (@Sendable () -> String)?
        /// How long the channel may stay unwritable, its peer reading nothing (``WriteStallTimeout``); `nil` for no limit.
        var writeStallTimeout: TimeAmount? = nil
        /// Each client address's share of the connections; `nil` counts none.
        var shares: ConnectionShares? = nil
        /// Bytes pipelined requests may hold while they wait (``PipelinedRequestLimit``); `nil` for no limit.
        var pipelinedBytes: Int? = nil
    }

    /// The kernel's send buffer per connection. Left to itself Linux grows it to megabytes, and a
    /// client that pipelines requests and never reads gets that many bytes of answers out of the
    /// server before the channel turns unwritable and reading stops. 64 KiB still carries the
    /// largest policy document in a few round trips.
    static let sendBufferSize = 64 * 1024

    let responder: HTTPChannelHandler.Responder
    let settings: Settings

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.syncOptions?.setOption(.socketOption(.so_sndbuf), value: SocketOptionValue(Self.sendBufferSize))
            try Self.configure(channel.pipeline.syncOperations, settings: settings, logger: logger)
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: value, logger: logger)
    }

    /// Adds every handler but Hummingbird's own; tests put a stand-in after them.
    static func configure(_ pipeline: ChannelPipeline.SynchronousOperations, settings: Settings, logger: Logger) throws {
        let share = settings.shares.map(ConnectionShareHandler.init(shares:))
        if let share { try pipeline.addHandler(share) }
        if let limit = settings.writeStallTimeout { try pipeline.addHandler(WriteStallTimeout(limit: limit)) }
        let timeout = settings.requestTimeout.map(RequestReadTimeout.init(limit:))
        if let timeout { try pipeline.addHandler(timeout) }
        let defaults = HTTP1Channel.Configuration.DecoderConfiguration()
        var limits = NIOHTTPDecoderLimitConfiguration()
        (limits.maxHeaderFieldSize, limits.maxHeaderListSize, limits.maxHeaderFieldCount) =
            (defaults.maxHeaderFieldSize, defaults.maxHeaderListSize, defaults.maxHeaderFieldCount)
        try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: true, withErrorHandling: false, withOutboundHeaderValidation: false,
                                                 withEncoderConfiguration: .init(), withDecoderLimitConfiguration: limits)
        if let share { try pipeline.addHandler(share.requests) }
        let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
        if let limit = settings.pipelinedBytes { try pipeline.addHandler(PipelinedRequestLimit(limit: limit), position: .after(decoder)) }
        if let timeout { try pipeline.addHandler(timeout.ends, position: .after(decoder)) }
        try pipeline.addHandler(settings.makeRequestID.map(RequestGuard.init(makeRequestID:)) ?? RequestGuard())
        try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
        try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: settings.idleTimeout.map { .nanoseconds($0.nanoseconds) }, logger: logger))
        if let hotPath = settings.preparedAnswers { try pipeline.addHandler(PreparedAnswerHandler(settings: hotPath)) }
    }
}
