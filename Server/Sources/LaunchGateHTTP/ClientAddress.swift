import Foundation
import LaunchGateStorage

/// Who a request comes from, for per-client limits.
///
/// The peer's address, unless the peer is a proxy named with `--trusted-proxy`: then the nearest
/// address in `X-Forwarded-For` that is not itself a trusted proxy. A header from any other peer
/// is ignored, because anyone can write it.
public struct ClientAddressResolver: Sendable {
    /// Proxies whose `X-Forwarded-For` is believed.
    public let trustedProxies: [IPNetwork]
    /// Entries read from `X-Forwarded-For` at the most; a longer chain is cut from the left.
    package static let maximumHops = 16

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
            .map { Self.withoutPort($0.trimmingCharacters(in: .whitespaces)) }
        for hop in hops.reversed() {
            guard IPNetwork.addressBytes(hop) != nil else { return peer }
            if !isTrusted(hop) { return hop }
        }
        return hops.first ?? peer
    }

    /// The key a per-client limit counts under: the client's address, except that IPv6 counts
    /// per /64, the block one subscriber usually holds, so an attacker can't take a fresh bucket
    /// for each of its 2⁶⁴ addresses. IPv4-mapped IPv6 counts as the IPv4 address.
    public func limitKey(peer: String?, forwardedFor: [String]) -> String {
        Self.bucket(client(peer: peer, forwardedFor: forwardedFor))
    }

    /// Whether the client is a trusted proxy itself (it forwarded no one, or only other trusted
    /// proxies), which carries many clients. Decided on the client's address, not on its
    /// ``limitKey(peer:forwardedFor:)``: an IPv6 key is a /64, which no trusted network matches.
    package func isProxy(peer: String?, forwardedFor: [String]) -> Bool {
        guard let peer, isTrusted(peer) else { return false }
        return isTrusted(client(peer: peer, forwardedFor: forwardedFor))
    }

    /// See ``limitKey(peer:forwardedFor:)``.
    package static func bucket(_ address: String) -> String {
        guard let bytes = IPNetwork.addressBytes(address) else { return address }
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        if bytes.prefix(10).allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return bytes.suffix(4).map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }

    /// Proxies may write `1.2.3.4:5678` or `[2001:db8::1]:443`; the port says nothing about the client.
    package static func withoutPort(_ hop: String) -> String {
        if hop.hasPrefix("["), let close = hop.firstIndex(of: "]") { return String(hop[hop.index(after: hop.startIndex)..<close]) }
        let colons = hop.filter { $0 == ":" }.count
        if colons == 1, let colon = hop.firstIndex(of: ":") { return String(hop[..<colon]) }
        return hop
    }

    /// Whether the client reached us over TLS: only a trusted proxy's `X-Forwarded-Proto: https`
    /// says so, since the server itself speaks plain HTTP.
    /// - Parameters:
    ///   - peer: The socket peer's IP address, if known.
    ///   - forwardedProto: The `X-Forwarded-Proto` values, in order.
    public func isSecure(peer: String?, forwardedProto: [String]) -> Bool {
        guard let peer, isTrusted(peer), let first = forwardedProto.first else { return false }
        // A chain of proxies lists the client-facing scheme first.
        return first.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
    }

    /// Whether `address` is a trusted proxy, whose `X-Forwarded-For` names the client.
    package func trusts(_ address: String) -> Bool { isTrusted(address) }

    private func isTrusted(_ address: String) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }
}
