import Foundation

/// Who a request comes from, for per-client limits.
///
/// The peer's address, unless the peer is a proxy named with `--trusted-proxy`: then the nearest
/// address in `X-Forwarded-For` that is not itself a trusted proxy. A header from any other peer
/// is ignored, because anyone can write it.
public struct ClientAddressResolver: Sendable {
    /// Proxies whose `X-Forwarded-For` is believed.
    public let trustedProxies: [IPNetwork]
    /// Entries read from `X-Forwarded-For` at the most; a longer chain is cut from the left.
    static let maximumHops = 16

    /// Creates a resolver.
    public init(trustedProxies: [IPNetwork] = []) { self.trustedProxies = trustedProxies }

    /// The client's address.
    /// - Parameters:
    ///   - peer: The socket peer's IP address, if known.
    ///   - forwardedFor: Every `X-Forwarded-For` value, in order.
    public func client(peer: String?, forwardedFor: [String]) -> String {
        guard let peer else { return "unknown" }
        guard isTrusted(peer), !forwardedFor.isEmpty else { return peer }
        // Each proxy appends the address it received from, so read from the right.
        let hops = forwardedFor.joined(separator: ",").split(separator: ",").suffix(Self.maximumHops)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        for hop in hops.reversed() {
            guard IPNetwork.addressBytes(hop) != nil else { return peer }
            if !isTrusted(hop) { return hop }
        }
        return hops.first ?? peer
    }

    private func isTrusted(_ address: String) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }
}
