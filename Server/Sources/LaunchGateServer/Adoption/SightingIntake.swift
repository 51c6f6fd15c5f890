import Foundation

/// Where requests hand the install they name: the client's budget (``SightingBudget``) is
/// consulted first, then the raw value goes to the ``SightingBuffer`` with the request's second.
/// Install pings spend the same budget, and are refused when it is spent.
///
/// The client is who per-client limits count: the peer, or behind a `--trusted-proxy` the
/// forwarded address, IPv6 per /64 (``ClientAddressResolver/limitKey(peer:forwardedFor:)``).
struct SightingIntake: Sendable {
    let buffer: SightingBuffer
    let budget: SightingBudget
    let clients: ClientAddressResolver
    let now: @Sendable () -> Date

    /// The key a client's sightings count under.
    func clientKey(peer: String?, forwardedFor: [String]) -> Int {
        var hasher = Hasher()
        hasher.combine(clients.limitKey(peer: peer, forwardedFor: forwardedFor))
        return hasher.finalize()
    }

    /// Whether a peer's `X-Forwarded-For` is believed, so the client must be read per request.
    func trusts(peer: String?) -> Bool {
        guard let peer else { return false }
        return clients.trusts(peer)
    }

    /// Notes a router request's `LaunchGate-Client` value for `app`.
    /// - Returns: `false` when the client's budget or the buffer left it out.
    @discardableResult
    func note(app: String, header: String, peer: String?, forwardedFor: [String]) -> Bool {
        let second = Self.second(now())
        guard budget.admit(client: clientKey(peer: peer, forwardedFor: forwardedFor), second: second) else { return false }
        return buffer.append(app: app, header: header, second: second)
    }

    /// Notes a fast-path request's raw value, for a client whose key the connection already knows.
    @discardableResult
    func note(app: String, header: UnsafeRawBufferPointer, client: Int) -> Bool {
        let second = Self.second(now())
        guard budget.admit(client: client, second: second) else { return false }
        return buffer.append(app: app, header: header, second: second)
    }

    /// Spends one of the client's sightings on an install ping, before the ping is looked at, so
    /// pings that would never be counted spend the budget too.
    /// - Returns: Seconds until the client's budget has room again, or `nil` when it had room.
    func admitPing(peer: String?, forwardedFor: [String]) -> Int? {
        let second = Self.second(now())
        return budget.admit(client: clientKey(peer: peer, forwardedFor: forwardedFor), second: second) ? nil : budget.retryAfter(second: second)
    }

    /// Notes a checked ping's `LaunchGate-Client` value, whose client ``admitPing(peer:forwardedFor:)`` admitted.
    func notePing(app: String, header: String) {
        buffer.append(app: app, header: header, second: Self.second(now()))
    }

    static func second(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
}
