import Metrics
import NIOCore
import NIOHTTP1

/// Hummingbird adds extra handlers after its HTTP type conversion; the fast path belongs earlier.
/// This handler, added there, puts ``RawResponseWriter`` at the head of the pipeline and
/// ``PolicyFastPathHandler`` right after NIO's request decoder, then takes itself out.
final class PolicyFastPathInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let makeHandler: @Sendable (RawResponseWriter) -> PolicyFastPathHandler

    init(makeHandler: @escaping @Sendable (RawResponseWriter) -> PolicyFastPathHandler) { self.makeHandler = makeHandler }

    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        // Without the decoder where expected, leave the pipeline as Hummingbird built it.
        if let decoder = try? pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self) {
            let socket = RawResponseWriter()
            try? pipeline.addHandler(socket, position: .first)
            try? pipeline.addHandler(makeHandler(socket), position: .after(decoder))
        }
        context.eventLoop.assumeIsolated().execute { [context] in
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }
}
