import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the peer's address, for rate limits.
public struct LaunchGateRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The connecting peer (a load balancer's address when behind one).
    public let remoteAddress: SocketAddress?

    /// Creates the context for a request on a channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
