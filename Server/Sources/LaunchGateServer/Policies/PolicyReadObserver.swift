/// Told of every public read that was answered and carries a `LaunchGate-Client` header: the one
/// way the HTTP layer (the router and the hot path) reports reads. Adoption listens
/// (``SightingIntake``); the network code knows nothing more of it.
protocol PolicyReadObserver: Sendable {
    /// A read of `app`'s policy, `/check` or install ping was answered.
    /// - Parameters:
    ///   - app: The app the read named.
    ///   - clientHeader: The `LaunchGate-Client` value, unparsed.
    ///   - client: Who per-client limits count the read under
    ///     (``ClientAddressResolver/limitKey(peer:forwardedFor:)``).
    func policyRead(app: String, clientHeader: String, client: String)
}
