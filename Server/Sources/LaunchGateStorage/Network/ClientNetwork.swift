/// The network a client comes from: an IPv4 /24 or an IPv6 /48, blocks one attacker gets easily
/// (a subscriber often holds a whole /48), so limits that must not multiply with an attacker's
/// addresses count them together. Sign-in's per-network budgets and recording's per-network
/// quotas both use this one rule.
public enum ClientNetwork {
    /// The network of a client, given as its limit key (an IPv4 address, or an IPv6 /64 written
    /// `2001:db8:1:2::/64`, as `ClientAddressResolver.limitKey` gives them), written
    /// `203.0.113.0/24` or `2001:db8:1::/48`. Anything else, such as `unknown`, is its own network.
    public static func of(_ client: String) -> String {
        let address = client.hasSuffix("/64") ? String(client.dropLast(3)) : client
        guard let bytes = IPNetwork.addressBytes(address) else { return client }
        if bytes.count == 4 { return bytes.prefix(3).map(String.init).joined(separator: ".") + ".0/24" }
        let groups = stride(from: 0, to: 6, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/48"
    }
}
