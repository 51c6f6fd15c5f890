import Foundation
import LaunchGatePolicies
import LaunchGateStorage

/// Where answered reads hand the install they name: the client's budget (``SightingBudget``) is
/// consulted first, then the raw value goes to the ``SightingBuffer`` with the request's second
/// and its client's key, which the buffer's per-client share and storage's per-client quotas on
/// new installs and groups (``ClientQuotas``) count by, with its network's key (``ClientNetwork``:
/// IPv4 /24, IPv6 /48), which the buffer's and the quotas' per-network parts count by. Install
/// pings spend the same budget, and are refused when it is spent.
///
/// The client is who per-client limits count: the peer, or behind a `--trusted-proxy` the
/// forwarded address, IPv6 per /64 (``ClientAddressResolver/limitKey(peer:forwardedFor:)``). A
/// trusted proxy that is the client itself (it sent no `X-Forwarded-For`) carries many clients,
/// so it gets ``AdoptionConfiguration/proxyShare`` shares of the buffer and the quotas; the HTTP
/// layer says which clients those are, deciding on their address
/// (``ClientAddressResolver/isProxy(peer:forwardedFor:)``), since an IPv6 client's key is its /64.
package struct SightingIntake: PolicyReadObserver {
    package let buffer: SightingBuffer
    package let budget: SightingBudget
    package let now: @Sendable () -> Date
    /// The shares a trusted proxy gets.
    package var proxyShare = 1

    package func policyRead(app: String, clientHeader: String, client: String, clientIsProxy: Bool) {
        note(app: app, header: clientHeader, client: client, isProxy: clientIsProxy)
    }

    /// Notes a `LaunchGate-Client` value for `app`.
    /// - Returns: `false` when the client's budget or the buffer left it out.
    @discardableResult
    package func note(app: String, header: String, client: String, isProxy: Bool = false) -> Bool {
        let second = Self.second(now())
        let key = Self.key(client)
        guard budget.admit(client: key, second: second) else { return false }
        return buffer.append(app: app, header: header, second: second, source: source(key: key, client: client, isProxy: isProxy))
    }

    /// Spends one of the client's sightings on an install ping; see ``PolicyReadObserver/admitPing(client:)``.
    package func admitPing(client: String) -> Int? {
        let second = Self.second(now())
        return budget.admit(client: Self.key(client), second: second) ? nil : budget.retryAfter(second: second)
    }

    /// Notes a checked ping's `LaunchGate-Client` value; its client was admitted already.
    package func pingAccepted(app: String, clientHeader: String, client: String, clientIsProxy: Bool) {
        buffer.append(app: app, header: clientHeader, second: Self.second(now()),
                      source: source(key: Self.key(client), client: client, isProxy: clientIsProxy))
    }

    private func source(key: Int, client: String, isProxy: Bool) -> SightingSource {
        // Never 0, which stands for no network.
        let network = UInt64(bitPattern: Int64(Self.key(ClientNetwork.of(client)))) | 1
        return SightingSource(key: UInt64(bitPattern: Int64(key)), network: network, share: isProxy ? proxyShare : 1)
    }

    /// The budget's key for a client: a hash (seeded per process), so the tables hold fixed-size
    /// keys and nobody can aim at another client's slot.
    private static func key(_ client: String) -> Int {
        var hasher = Hasher()
        hasher.combine(client)
        return hasher.finalize()
    }

    package static func second(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
}
