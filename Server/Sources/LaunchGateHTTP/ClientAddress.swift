import Foundation
import LaunchGateStorage

/// Who a request comes from, for per-client limits.
///
/// The peer's address, unless the peer is a proxy named with `--trusted-proxy`: then the nearest
/// address in `X-Forwarded-For` that is not itself a trusted proxy. A header from any other peer
/// is ignored, because anyone can write it. An IPv4 address written as IPv6 (`::ffff:10.1.2.9`,
/// or the older `::10.1.2.9`) is the IPv4 address, so it counts in its IPv4 /24, not in `::/48`.
public struct ClientAddressResolver: Sendable {
    /// Proxies whose `X-Forwarded-For` is believed.
    public let trustedProxies: [IPNetwork]
    /// Entries read from `X-Forwarded-For` at the most; a longer chain is cut from the left.
    package static let maximumHops = 16

    /// Creates a resolver.
    public init(trustedProxies: [IPNetwork] = []) { self.trustedProxies = trustedProxies }

    /// The client's address.
    ///
    /// A hop that is not an address (a proxy that writes `unknown`, or a forged header the proxy
    /// passed on) names a client of its own kind, `malformed|<proxy>`, not the proxy: with the
    /// proxy's address it would share the proxy's bucket with everyone behind it, and be taken for
    /// the proxy itself. So it gets one client's share, apart from the proxy's other clients.
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
            guard let bytes = IPNetwork.addressBytes(hop) else { return Self.malformed(behind: peer) }
            let address = Self.ipv4(in: bytes) ?? hop
            if !isTrusted(address) { return address }
        }
        return hops.first.map { IPNetwork.addressBytes($0).flatMap(Self.ipv4(in:)) ?? $0 } ?? peer
    }

    /// The client a malformed `X-Forwarded-For` hop from `proxy` names.
    package static func malformed(behind proxy: String) -> String { "malformed|\(proxy)" }

    /// The key a per-client limit counts under: the client's address, except that IPv6 counts
    /// per /64, the block one subscriber usually holds, so an attacker can't take a fresh bucket
    /// for each of its 2⁶⁴ addresses. IPv4-mapped and IPv4-compatible IPv6 count as the IPv4
    /// address. A key that is not an address (`unknown`, `malformed|…`) is its own bucket.
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
        if let ipv4 = ipv4(in: bytes) { return ipv4 }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }

    /// The IPv4 address in an IPv4-mapped (`::ffff:a.b.c.d`) or IPv4-compatible (`::a.b.c.d`,
    /// deprecated but still parsed) IPv6 address, as text; `nil` for any other address. `::` and
    /// `::1`, whose last four bytes start with 0, are IPv6's own.
    package static func ipv4(in bytes: [UInt8]) -> String? {
        guard bytes.count == 16, bytes.prefix(10).allSatisfy({ $0 == 0 }) else { return nil }
        let mapped = bytes[10] == 0xFF && bytes[11] == 0xFF
        let compatible = bytes[10] == 0 && bytes[11] == 0 && bytes[12] != 0
        guard mapped || compatible else { return nil }
        return bytes.suffix(4).map(String.init).joined(separator: ".")
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
