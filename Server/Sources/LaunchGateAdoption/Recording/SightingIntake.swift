import Foundation
import LaunchGatePolicies

/// Where answered reads hand the install they name: the client's budget (``SightingBudget``) is
/// consulted first, then the raw value goes to the ``SightingBuffer`` with the request's second.
/// Install pings spend the same budget, and are refused when it is spent.
///
/// The client is who per-client limits count: the peer, or behind a `--trusted-proxy` the
/// forwarded address, IPv6 per /64 (``ClientAddressResolver/limitKey(peer:forwardedFor:)``).
package struct SightingIntake: PolicyReadObserver {
    package let buffer: SightingBuffer
    package let budget: SightingBudget
    package let now: @Sendable () -> Date

    package func policyRead(app: String, clientHeader: String, client: String) {
        note(app: app, header: clientHeader, client: client)
    }

    /// Notes a `LaunchGate-Client` value for `app`.
    /// - Returns: `false` when the client's budget or the buffer left it out.
    @discardableResult
    package func note(app: String, header: String, client: String) -> Bool {
        let second = Self.second(now())
        guard budget.admit(client: Self.key(client), second: second) else { return false }
        return buffer.append(app: app, header: header, second: second)
    }

    /// Spends one of the client's sightings on an install ping; see ``PolicyReadObserver/admitPing(client:)``.
    package func admitPing(client: String) -> Int? {
        let second = Self.second(now())
        return budget.admit(client: Self.key(client), second: second) ? nil : budget.retryAfter(second: second)
    }

    /// Notes a checked ping's `LaunchGate-Client` value; its client was admitted already.
    package func pingAccepted(app: String, clientHeader: String) {
        buffer.append(app: app, header: clientHeader, second: Self.second(now()))
    }

    /// The budget's key for a client: a hash, so the table holds fixed-size keys.
    private static func key(_ client: String) -> Int {
        var hasher = Hasher()
        hasher.combine(client)
        return hasher.finalize()
    }

    package static func second(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
}
