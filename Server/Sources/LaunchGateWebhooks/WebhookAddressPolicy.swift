import Foundation
import LaunchGateStorage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which webhook URLs and addresses may be sent to: https, to a host whose every resolved address
/// is public. Loopback, private, shared (CGNAT), link-local, unspecified, multicast and broadcast
/// addresses are refused, IPv4 ones also in their IPv4-mapped and NAT64 IPv6 forms, so an endpoint
/// can't make the server post into its own network (SSRF). `serve --webhook-allow-private` lifts
/// the address check and allows plain http, for tests and for receivers on the operator's own network.
public struct WebhookAddressPolicy: Sendable {
    /// Whether private addresses and plain http are allowed.
    public let allowPrivate: Bool
    /// Resolves hosts to addresses.
    public let resolver: any WebhookResolver
    /// The longest a new endpoint's lookup may hold the request that adds it.
    public let lookupLimit: Duration

    /// The longest URL an endpoint may have.
    public static let maximumURLLength = 2048

    /// Creates the policy.
    /// - Parameters:
    ///   - allowPrivate: `serve --webhook-allow-private`.
    ///   - resolver: The DNS lookup; the system's by default.
    ///   - lookupLimit: How long ``checkNewEndpoint(_:)`` waits for its lookup; 2 seconds by default.
    public init(allowPrivate: Bool = false, resolver: any WebhookResolver = SystemWebhookResolver(), lookupLimit: Duration = .seconds(2)) {
        self.allowPrivate = allowPrivate
        self.resolver = resolver
        self.lookupLimit = lookupLimit
    }

    static let refusedV4: [IPNetwork] = [
        "0.0.0.0/8", "127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "169.254.0.0/16",
        "192.0.0.0/24", "198.18.0.0/15", "224.0.0.0/4", "240.0.0.0/4",
    ].map { try! IPNetwork(parsing: $0) }
    static let refusedV6: [IPNetwork] = [
        "::/128", "::1/128", "fc00::/7", "fe80::/10", "fec0::/10", "ff00::/8",
    ].map { try! IPNetwork(parsing: $0) }

    /// Whether an address is one no webhook may reach unless private ones are allowed.
    /// IPv4-mapped (`::ffff:a.b.c.d`), IPv4-compatible (`::a.b.c.d`) and NAT64 (`64:ff9b::a.b.c.d`)
    /// forms are judged as the IPv4 address they carry.
    public static func isRefused(_ address: String) -> Bool {
        guard let bytes = IPNetwork.addressBytes(address) else { return true }
        if bytes.count == 4 { return refusedV4.contains { $0.contains(address) } }
        // Compatible (::a.b.c.d) includes :: and ::1, which carry 0.0.0.0 and 0.0.0.1: refused either way.
        let embedding: [[UInt8]] = [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                                    [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]]
        if embedding.contains(Array(bytes.prefix(12))) {
            let v4 = bytes.suffix(4).map(String.init).joined(separator: ".")
            if refusedV4.contains(where: { $0.contains(v4) }) { return true }
        }
        return refusedV6.contains { $0.contains(address) }
    }

    /// Checks an endpoint's URL as given, before any lookup.
    /// - Throws: ``WebhookError`` `invalidURL` saying what is wrong.
    public func checkURL(_ text: String) throws -> URL {
        guard text.utf8.count <= Self.maximumURLLength else { throw WebhookError.invalidURL("it is longer than \(Self.maximumURLLength) bytes") }
        guard let components = URLComponents(string: text), let url = components.url, let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty else {
            throw WebhookError.invalidURL("it is not an absolute URL with a host")
        }
        guard scheme == "https" || (scheme == "http" && allowPrivate) else {
            throw WebhookError.invalidURL("it must use https (plain http only with --webhook-allow-private)")
        }
        guard components.user == nil, components.password == nil else { throw WebhookError.invalidURL("it must not carry a user or password") }
        guard components.fragment == nil else { throw WebhookError.invalidURL("it must not have a #fragment") }
        if !allowPrivate, IPNetwork.addressBytes(host) != nil, Self.isRefused(host) {
            throw WebhookError.invalidURL("its address is loopback, private or link-local")
        }
        if !allowPrivate, let address = Self.addressForm(of: host), Self.isRefused(address) {
            throw WebhookError.refusedAddress(host: host, address: address)
        }
        return url
    }

    /// Checks an endpoint's URL when it is added: as ``checkURL(_:)``, and then its host's name
    /// resolved once through ``resolver``, the lookup delivery uses, so a name for loopback or a
    /// private network (`localhost`) takes none of the app's endpoint places. A name that doesn't
    /// resolve now is accepted: DNS may not be set up yet, and every attempt checks it again. So is
    /// one whose lookup takes longer than ``lookupLimit``, for the same reason, rather than holding
    /// the admin's or console's request for as long as the resolver likes (review s14, K13).
    /// - Throws: ``WebhookError`` `invalidURL` or `refusedAddress`.
    public func checkNewEndpoint(_ text: String) async throws -> URL {
        let url = try checkURL(text)
        guard !allowPrivate, let host = URLComponents(string: text)?.host, IPNetwork.addressBytes(host) == nil,
              Self.addressForm(of: host) == nil else { return url }
        let name = host.hasSuffix(".") ? String(host.dropLast()) : host
        let resolver = resolver
        // Unresolved, failed or past the limit: nil (try? flattens the limit's nil into it).
        guard let addresses = try? await TimeLimit.run(lookupLimit, { try await resolver.addresses(of: name) }) else { return url }
        if let refused = addresses.first(where: Self.isRefused) { throw WebhookError.refusedAddress(host: host, address: refused) }
        return url
    }

    /// The IPv4 address a host names in any of the forms the system's resolver reads as one
    /// (`inet_aton`'s: `127.1`, `2130706433`, `0x7f000001`, `0177.0.0.1`, and with a trailing dot),
    /// as dotted decimal; `nil` for a name.
    static func addressForm(of host: String) -> String? {
        let bare = host.hasSuffix(".") ? String(host.dropLast()) : host
        guard !bare.isEmpty, bare.utf8.count <= 64 else { return nil }
        if IPNetwork.addressBytes(bare) != nil { return bare }
        var address = in_addr()
        guard inet_aton(bare, &address) != 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN) + 1)
        guard inet_ntop(AF_INET, &address, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Checks a URL and resolves its host to the address to connect to: the one checked, so a
    /// second lookup (DNS rebinding) can't swap in another.
    /// - Throws: ``WebhookError`` `invalidURL` or `refusedAddress`; the resolver's error when the
    ///   host doesn't resolve.
    public func target(_ url: URL) async throws -> WebhookTarget {
        _ = try checkURL(url.absoluteString)
        guard let host = URLComponents(url: url, resolvingAgainstBaseURL: false)?.host else { throw WebhookError.invalidURL("it has no host") }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let addresses = IPNetwork.addressBytes(bare) != nil ? [bare] : try await resolver.addresses(of: bare)
        guard let first = addresses.first else { throw WebhookError.refusedAddress(host: host, address: "no address") }
        if !allowPrivate, let refused = addresses.first(where: Self.isRefused) {
            throw WebhookError.refusedAddress(host: host, address: refused)
        }
        return WebhookTarget(url: url, host: bare, address: first)
    }
}

/// A URL and the address checked for its host, which the connection must use.
public struct WebhookTarget: Sendable, Equatable {
    /// The URL posted to (its host is the TLS server name).
    public let url: URL
    /// Its host, without IPv6 brackets.
    public let host: String
    /// The address connected to.
    public let address: String
}
