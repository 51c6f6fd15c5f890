import NIOCore

/// Reads and drops what a client still sends once ``RequestGuard`` refused it and closed its output, at
/// the front of the pipeline, so none of it reaches NIO's decoder (which, after `CONNECT` or an upgrade,
/// keeps every byte). Up to ``maximumBytes``, then the connection closes at once: the answers have had
/// their chance, and the server's memory and time must not follow the client's bandwidth.
final class LingeringDrain: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    /// The most a refused client's bytes are read and dropped before the close.
    static let maximumBytes = 1 << 20

    private var dropped = 0

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        dropped += unwrapInboundIn(data).readableBytes
        if dropped > Self.maximumBytes { context.close(promise: nil) }
    }
}
