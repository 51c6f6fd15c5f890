import NIOCore

/// Sits at the head of the pipeline, where bytes go straight to the socket, and lets
/// ``PolicyFastPathHandler`` write prepared responses there. Everything else passes through.
final class RawResponseWriter: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    /// Writes and flushes a buffer. - Returns: `false` when not in a pipeline.
    func write(_ buffer: ByteBuffer) -> Bool {
        guard let context else { return false }
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(buffer)), promise: nil)
        return true
    }
}
