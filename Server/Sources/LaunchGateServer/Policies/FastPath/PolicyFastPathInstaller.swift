import NIOCore
import NIOHTTP1

/// Hummingbird adds extra handlers after its HTTP type conversion; the fast path belongs before
/// all of it. This handler, added there, puts ``PolicyFastPathHandler`` ahead of NIO's HTTP codec and
/// its ``RequestTracker`` right after NIO's request decoder, then takes itself out.
final class PolicyFastPathInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let makeHandler: @Sendable (RequestTracker) -> PolicyFastPathHandler

    init(makeHandler: @escaping @Sendable (RequestTracker) -> PolicyFastPathHandler) { self.makeHandler = makeHandler }

    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        // NIO puts the response encoder just before the request decoder. Going before the encoder
        // keeps anything ahead of both (such as TLS) ahead of the fast path too. Without them
        // where expected, the pipeline stays as Hummingbird built it.
        if let encoder = try? pipeline.handler(type: HTTPResponseEncoder.self),
           let decoder = try? pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self) {
            let tracker = RequestTracker()
            if (try? pipeline.addHandler(tracker, position: .after(decoder))) != nil {
                try? pipeline.addHandler(makeHandler(tracker), position: .before(encoder))
            }
        }
        context.eventLoop.assumeIsolated().execute { [context] in
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }
}
