import Foundation
import Testing
@testable import LaunchGateStorage
@testable import LaunchGateWebhooks

@Suite("Webhook targets must be https on public addresses, checked after DNS, unless private ones are allowed")
struct WebhookAddressPolicyTests {
    @Test("loopback, private, shared, link-local, unspecified and their IPv4-mapped and NAT64 forms are refused",
          arguments: ["127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "100.64.0.1", "169.254.169.254",
                      "0.0.0.0", "::1", "::", "fc00::1", "fd12::1", "fe80::1", "::ffff:127.0.0.1", "::ffff:169.254.169.254",
                      "::ffff:10.0.0.1", "64:ff9b::a9fe:a9fe", "224.0.0.1", "not-an-address"])
    func refused(_ address: String) {
        #expect(WebhookAddressPolicy.isRefused(address))
    }

    @Test("public addresses pass", arguments: ["93.184.216.34", "172.32.0.1", "100.128.0.1", "2606:2800:220:1::1", "::ffff:93.184.216.34"])
    func allowed(_ address: String) {
        #expect(!WebhookAddressPolicy.isRefused(address))
    }

    @Test("a URL must be https, absolute, without credentials or fragment; http only when private targets are allowed")
    func urls() throws {
        let strict = WebhookAddressPolicy(resolver: ScriptedResolver([:]))
        #expect(throws: WebhookError.self) { try strict.checkURL("http://hooks.example.com/x") }
        #expect(throws: WebhookError.self) { try strict.checkURL("https://user:pw@hooks.example.com/x") }
        #expect(throws: WebhookError.self) { try strict.checkURL("https://hooks.example.com/x#frag") }
        #expect(throws: WebhookError.self) { try strict.checkURL("/relative") }
        #expect(throws: WebhookError.self) { try strict.checkURL("https://127.0.0.1/x") }
        #expect(throws: WebhookError.self) { try strict.checkURL("https://[::1]/x") }
        _ = try strict.checkURL("https://hooks.example.com/x")
        _ = try WebhookAddressPolicy(allowPrivate: true, resolver: ScriptedResolver([:])).checkURL("http://127.0.0.1:8080/x")
    }

    @Test("at add, loopback in the forms the system's resolver reads as an address, and names for it, are refused (attack s14, H1)",
          arguments: ["127.1", "2130706433", "0x7f000001", "0177.0.0.1", "0x7f.0.0.1", "127.0.0.1.", "0", "localhost", "localhost.",
                      "0251.0376.0251.0376", "private.example.com"])
    func disguisedAtAdd(_ host: String) async throws {
        let resolver = ScriptedResolver(["localhost": ["127.0.0.1", "::1"], "private.example.com": ["93.184.216.34", "10.0.0.5"]])
        await #expect(throws: WebhookError.self) {
            try await WebhookAddressPolicy(resolver: resolver).checkNewEndpoint("https://\(host):443/in")
        }
        _ = try await WebhookAddressPolicy(allowPrivate: true, resolver: resolver).checkNewEndpoint("https://\(host):443/in")
    }

    @Test("at add, a public address in any form, a name resolving only to public ones, or one that doesn't resolve yet is accepted")
    func publicAtAdd() async throws {
        let policy = WebhookAddressPolicy(resolver: ScriptedResolver(["hooks.example.com": ["93.184.216.34"]]))
        for url in ["https://hooks.example.com/in", "https://hooks.example.com./in", "https://1572395042/in", "https://93.184.216.34/in",
                    "https://not-yet.example.com/in"] {
            _ = try await policy.checkNewEndpoint(url)
        }
    }

    @Test("at add, a lookup that doesn't answer within the limit is accepted, as one that doesn't resolve, rather than holding the request (review s14, K13)")
    func lookupLimit() async throws {
        let policy = WebhookAddressPolicy(resolver: SilentResolver(), lookupLimit: .milliseconds(50))
        #expect(try await policy.checkNewEndpoint("https://slow.example.com/in").host == "slow.example.com")
    }

    @Test("a host that resolves to a private address is refused, even when another of its addresses is public")
    func resolvedPrivate() async throws {
        let policy = WebhookAddressPolicy(resolver: ScriptedResolver(["hooks.example.com": ["93.184.216.34", "10.0.0.5"]]))
        await #expect(throws: WebhookError.refusedAddress(host: "hooks.example.com", address: "10.0.0.5")) {
            try await policy.target(URL(string: "https://hooks.example.com/in")!)
        }
    }

    @Test("the target carries the address that was checked, which the connection uses")
    func pinned() async throws {
        let policy = WebhookAddressPolicy(resolver: ScriptedResolver(["hooks.example.com": ["93.184.216.34"]]))
        let target = try await policy.target(URL(string: "https://hooks.example.com/in")!)
        #expect(target.host == "hooks.example.com" && target.address == "93.184.216.34")
        let allowed = WebhookAddressPolicy(allowPrivate: true, resolver: ScriptedResolver(["localhost": ["127.0.0.1"]]))
        #expect(try await allowed.target(URL(string: "http://localhost:9/in")!).address == "127.0.0.1")
    }
}

/// DNS that answers a private address only after 5 seconds, as a resolver stuck on an unreachable
/// server: waited for, the endpoint would be refused.
struct SilentResolver: WebhookResolver {
    func addresses(of host: String) async throws -> [String] {
        try await Task.sleep(for: .seconds(5))
        return ["10.0.0.1"]
    }
}

/// DNS from a table.
struct ScriptedResolver: WebhookResolver {
    let table: [String: [String]]
    init(_ table: [String: [String]]) { self.table = table }
    func addresses(of host: String) async throws -> [String] {
        guard let found = table[host] else { throw WebhookError.unresolved(host: host) }
        return found
    }
}
