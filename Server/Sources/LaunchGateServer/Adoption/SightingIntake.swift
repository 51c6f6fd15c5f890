import Foundation

/// Where answered reads hand the install they name: the client's budget (``SightingBudget``) is
/// consulted first, then the raw value goes to the ``SightingBuffer`` with the request's second.
///
/// The client is who per-client limits count: the peer, or behind a `--trusted-proxy` the
/// forwarded address, IPv6 per /64 (``ClientAddressResolver/limitKey(peer:forwardedFor:)``).
struct SightingIntake: PolicyReadObserver {
    let buffer: SightingBuffer
    let budget: SightingBudget
    let now: @Sendable () -> Date

    func policyRead(app: String, clientHeader: String, client: String) {
        note(app: app, header: clientHeader, client: client)
    }

    /// Notes a `LaunchGate-Client` value for `app`.
    /// - Returns: `false` when the client's budget or the buffer left it out.
    @discardableResult
    func note(app: String, header: String, client: String) -> Bool {
        let second = Self.second(now())
        var hasher = Hasher()
        hasher.combine(client)
        guard budget.admit(client: hasher.finalize(), second: second) else { return false }
        return buffer.append(app: app, header: header, second: second)
    }

    static func second(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
}
