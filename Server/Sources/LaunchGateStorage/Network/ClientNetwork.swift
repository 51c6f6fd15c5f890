/// The network a client belongs to, for the limits that count networks as well as addresses:
/// an IPv4 /24 or an IPv6 /48, blocks one attacker gets easily (a subscriber often holds a whole
/// /48, a hoster hands out /24s), so counting per address alone lets one of them take a fresh
/// bucket per address. Sign-in's per-network budgets, recording's per-network quotas and the connection shares use this one rule.
package enum ClientNetwork {
    /// The network of a client, given as its limit key (an IPv4 address, or an IPv6 /64 written
    /// `2001:db8:1:2::/64`, as `ClientAddressResolver.limitKey` gives it). Anything else, such as
    /// `unknown` or a `malformed|…` key, is a network of its own.
    package static func of(_ client: String) -> String {
        let address = client.hasSuffix("/64") ? String(client.dropLast(3)) : client
        guard let bytes = IPNetwork.addressBytes(address) else { return client }
        if bytes.count == 4 { return bytes.prefix(3).map(String.init).joined(separator: ".") + ".0/24" }
        let groups = stride(from: 0, to: 6, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/48"
    }
}
