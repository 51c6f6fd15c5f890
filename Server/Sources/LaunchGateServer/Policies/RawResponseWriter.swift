import NIOCore

/// Sits at the head of the pipeline, where bytes go straight to the socket, and lets
/// ``PolicyFastPathHandler`` write prepared responses there. Everything else passes through.
final class RawResponseWriter: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    /// Writes and flushes buffers. - Returns: `false` when not in a pipeline.
    func write(_ buffers: [ByteBuffer]) -> Bool {
        guard let context else { return false }
        for buffer in buffers { context.write(wrapOutboundOut(.byteBuffer(buffer)), promise: nil) }
        context.flush()
        return true
    }
}
