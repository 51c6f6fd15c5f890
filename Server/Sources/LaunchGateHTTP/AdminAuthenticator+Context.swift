import Hummingbird
import LaunchGateStorage

extension AdminAuthenticator {
    /// The token a routed request carries, if it is valid and has the scope: the one preamble of
    /// every admin route, whose peer address is the context's.
    /// - Throws: ``AuthError`` `unauthenticated`, `forbidden` or `tooManyFailures`.
    @discardableResult
    package func authorize(_ request: Request, _ context: some RemoteAddressRequestContext, _ scope: TokenScope) async throws -> TokenRecord {
        try await authorize(request, peer: context.remoteAddress?.ipAddress, scope: scope)
    }
}
