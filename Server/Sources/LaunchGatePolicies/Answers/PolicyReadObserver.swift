/// Told of every public read that was answered and carries a `LaunchGate-Client` header: the one
/// way the HTTP layer (the router and the hot path) reports reads. Adoption listens
/// (``SightingIntake``); the network code knows nothing more of it.
package protocol PolicyReadObserver: Sendable {
    /// A read of `app`'s policy or `/check` was answered.
    /// - Parameters:
    ///   - app: The app the read named.
    ///   - clientHeader: The `LaunchGate-Client` value, unparsed.
    ///   - client: Who per-client limits count the read under
    ///     (``ClientAddressResolver/limitKey(peer:forwardedFor:)``).
    ///   - clientIsProxy: Whether that client is a trusted proxy itself
    ///     (``ClientAddressResolver/isProxy(peer:forwardedFor:)``), decided on its address: an IPv6
    ///     `client` is a /64, which no trusted proxy's network matches.
    func policyRead(app: String, clientHeader: String, client: String, clientIsProxy: Bool)

    /// An install ping from `client` arrived: it spends the client's budget before anything
    /// else is looked at, so pings that would never be counted spend it too.
    /// - Returns: Seconds until the client may ping again, or `nil` when it was admitted.
    func admitPing(client: String) -> Int?

    /// A ping ``admitPing(client:)`` admitted was checked and accepted.
    /// - Parameters:
    ///   - client: Who sent it, as ``admitPing(client:)`` was told.
    ///   - clientIsProxy: As for ``policyRead(app:clientHeader:client:clientIsProxy:)``.
    func pingAccepted(app: String, clientHeader: String, client: String, clientIsProxy: Bool)
}
