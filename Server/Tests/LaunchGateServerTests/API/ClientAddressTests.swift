import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Trusted proxies and the client's address")
struct ClientAddressTests {
    @Test("networks in CIDR notation hold the addresses they should, IPv4 and IPv6")
    func networks() throws {
        let v4 = try IPNetwork(parsing: "10.0.0.0/8")
        #expect(v4.contains("10.1.2.3"))
        #expect(v4.contains("::ffff:10.1.2.3"))
        #expect(!v4.contains("11.0.0.1"))
        #expect(!v4.contains("not an address"))
        let v6 = try IPNetwork(parsing: "fd00::/8")
        #expect(v6.contains("fd12:3456::1"))
        #expect(!v6.contains("fe80::1"))
        #expect(try IPNetwork(parsing: "192.0.2.1").contains("192.0.2.1"))
        #expect(try !IPNetwork(parsing: "192.0.2.1").contains("192.0.2.2"))
        #expect(try IPNetwork(parsing: "0.0.0.0/0").contains("8.8.8.8"))
        #expect(try IPNetwork(parsing: "10.0.0.0/12").contains("10.15.255.255"))
        #expect(try !IPNetwork(parsing: "10.0.0.0/12").contains("10.16.0.0"))
    }

    @Test("bad networks are refused with a message that shows the form")
    func badNetworks() {
        for text in ["", "10.0.0.0/33", "::/129", "10.0.0/8", "example.com", "10.0.0.0/x", "1.2.3.4/-1"] {
            #expect(throws: IPNetworkError.self, "\(text)") { try IPNetwork(parsing: text) }
        }
    }

    @Test("X-Forwarded-For counts only from trusted proxies, read from the right past every trusted hop")
    func forwardedFor() throws {
        let resolver = ClientAddressResolver(trustedProxies: [try IPNetwork(parsing: "10.0.0.0/8")])
        #expect(resolver.client(peer: "10.0.0.5", forwardedFor: ["203.0.113.7"]) == "203.0.113.7")
        #expect(resolver.client(peer: "10.0.0.5", forwardedFor: ["198.51.100.1, 203.0.113.7, 10.0.0.9"]) == "203.0.113.7")
        #expect(resolver.client(peer: "10.0.0.5", forwardedFor: ["198.51.100.1", "203.0.113.7"]) == "203.0.113.7")
        #expect(resolver.client(peer: "192.0.2.1", forwardedFor: ["203.0.113.7"]) == "192.0.2.1", "an untrusted peer can't name a client")
        #expect(resolver.client(peer: "10.0.0.5", forwardedFor: []) == "10.0.0.5")
        #expect(resolver.client(peer: nil, forwardedFor: ["203.0.113.7"]) == "unknown")
        let long = Array(repeating: "10.0.0.1", count: 10_000).joined(separator: ",")
        #expect(resolver.client(peer: "10.0.0.5", forwardedFor: [long]) == "10.0.0.1", "a long chain is read only so far")
    }
    @Test("limits count IPv6 clients per /64 and IPv4-mapped ones as IPv4; each IPv4 address is its own")
    func limitKeys() {
        let resolver = ClientAddressResolver()
        let a = resolver.limitKey(peer: "2001:db8:1:2:aaaa::1", forwardedFor: [])
        #expect(a == resolver.limitKey(peer: "2001:db8:1:2:ffff:ffff:ffff:ffff", forwardedFor: []))
        #expect(a == "2001:db8:1:2::/64")
        #expect(a != resolver.limitKey(peer: "2001:db8:1:3::1", forwardedFor: []))
        #expect(resolver.limitKey(peer: "::ffff:192.0.2.7", forwardedFor: []) == "192.0.2.7")
        #expect(resolver.limitKey(peer: "192.0.2.7", forwardedFor: []) != resolver.limitKey(peer: "192.0.2.8", forwardedFor: []))
    }

    @Test("a trusted proxy that forwards no one is a proxy client, decided on its address, IPv6 too, whose key is a /64")
    func proxyClient() throws {
        let resolver = ClientAddressResolver(trustedProxies: [try IPNetwork(parsing: "10.0.0.0/8"), try IPNetwork(parsing: "2001:db8::1/128")])
        #expect(resolver.isProxy(peer: "10.0.0.5", forwardedFor: []))
        #expect(resolver.isProxy(peer: "2001:db8::1", forwardedFor: []), "key \(resolver.limitKey(peer: "2001:db8::1", forwardedFor: []))")
        #expect(resolver.isProxy(peer: "10.0.0.5", forwardedFor: ["10.0.0.9"]), "it forwarded only another trusted proxy")
        #expect(!resolver.isProxy(peer: "2001:db8::1", forwardedFor: ["203.0.113.7"]), "a client behind it")
        #expect(!resolver.isProxy(peer: "2001:db8::2", forwardedFor: []), "another address of the proxy's /64")
        #expect(!resolver.isProxy(peer: "203.0.113.7", forwardedFor: []))
        #expect(!resolver.isProxy(peer: nil, forwardedFor: []))
    }

    @Test("X-Forwarded-For entries with a port name the client, not the proxy's shared bucket")
    func forwardedWithPort() throws {
        let resolver = ClientAddressResolver(trustedProxies: [try IPNetwork(parsing: "10.0.0.0/8")])
        #expect(resolver.client(peer: "10.0.0.1", forwardedFor: ["203.0.113.9:5678"]) == "203.0.113.9")
        #expect(resolver.client(peer: "10.0.0.1", forwardedFor: ["[2001:db8::9]:443"]) == "2001:db8::9")
        #expect(resolver.client(peer: "10.0.0.1", forwardedFor: ["2001:db8::9"]) == "2001:db8::9")
    }

    @Test("an IPv4 address written as IPv6, mapped or compatible, counts as the IPv4 address and in its /24")
    func ipv4AsIPv6() throws {
        let resolver = ClientAddressResolver(trustedProxies: [try IPNetwork(parsing: "10.0.0.0/8")])
        for written in ["::10.1.2.9", "::ffff:10.1.2.9", "[::10.1.2.9]:443"] {
            #expect(resolver.client(peer: "10.0.0.5", forwardedFor: ["198.51.100.7, \(written)"]) == "198.51.100.7",
                    "\(written) names the trusted 10.1.2.9, so the client is the hop before it")
        }
        for written in ["::203.0.113.9", "::ffff:203.0.113.9"] {
            let key = resolver.limitKey(peer: "10.0.0.5", forwardedFor: [written])
            #expect(key == "203.0.113.9", "\(written)")
            #expect(ClientNetwork.of(key) == "203.0.113.0/24", "\(written)")
            #expect(resolver.limitKey(peer: written, forwardedFor: []) == "203.0.113.9", "\(written) as the peer")
        }
        #expect(resolver.limitKey(peer: "::1", forwardedFor: []) == "0:0:0:0::/64", "::1 is IPv6's own")
        #expect(ClientNetwork.of(resolver.limitKey(peer: "2001:db8:1:2::1", forwardedFor: [])) == "2001:db8:1::/48")
    }

    @Test("a malformed X-Forwarded-For hop is a client of its own kind, not the proxy it came through")
    func malformedHop() throws {
        let resolver = ClientAddressResolver(trustedProxies: [try IPNetwork(parsing: "10.0.0.0/8")])
        for header in ["garbage", "203.0.113.7, not-an-address", "unknown", "300.1.2.3"] {
            let key = resolver.limitKey(peer: "10.0.0.5", forwardedFor: [header])
            #expect(key == "malformed|10.0.0.5", "\(header)")
            #expect(key != resolver.limitKey(peer: "10.0.0.5", forwardedFor: []), "\(header) shares the proxy's bucket")
            #expect(ClientNetwork.of(key) != ClientNetwork.of("10.0.0.5"), "\(header) counts in the proxy's /24")
            #expect(!resolver.isProxy(peer: "10.0.0.5", forwardedFor: [header]), "\(header) is taken for the proxy")
        }
        #expect(resolver.client(peer: "192.0.2.1", forwardedFor: ["garbage"]) == "192.0.2.1", "an untrusted peer's header is ignored")
    }
}
