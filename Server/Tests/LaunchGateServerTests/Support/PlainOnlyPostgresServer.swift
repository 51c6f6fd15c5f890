import NIOCore
import NIOPosix

/// A listener on loopback that speaks just enough of PostgreSQL's protocol to refuse TLS: it
/// answers the client's SSLRequest with `N` ("no TLS here"), as a server with `ssl=off` does, and
/// nothing more. The throwaway cluster offers TLS, so this stands in for one that does not.
final class PlainOnlyPostgresServer: Sendable {
    private let channel: any Channel
    /// The port it listens on, on 127.0.0.1.
    let port: Int

    private init(channel: any Channel, port: Int) {
        self.channel = channel
        self.port = port
    }

    /// Starts listening on a free port.
    static func start() async throws -> PlainOnlyPostgresServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { $0.pipeline.addHandler(RefuseTLS()) }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        guard let port = channel.localAddress?.port else {
            try? await channel.close()
            throw ChannelError.unknownLocalAddress
        }
        return PlainOnlyPostgresServer(channel: channel, port: port)
    }

    /// Stops listening.
    func stop() async {
        try? await channel.close()
    }

    /// Answers the first message (the 8-byte SSLRequest) with `N`.
    private final class RefuseTLS: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: "N")), promise: nil)
        }
    }
}
