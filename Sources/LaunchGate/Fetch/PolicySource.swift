import Foundation

/// Where a policy comes from and how it must be checked.
///
/// ```swift
/// let source = PolicySource(
///     url: URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios")!,
///     publicKeys: [try PolicyPublicKey("ed25519:…")])
/// // Static hosting: the URL says nothing about the app, so name it.
/// let file = PolicySource(url: URL(string: "https://cdn.example.com/notes.json")!,
///                         publicKeys: [try PolicyPublicKey(publicKey)], app: "notes", channel: .production)
/// ```
public struct PolicySource: Sendable, Hashable {
    /// The document's URL: a LaunchGate server, a static file, a seed endpoint or the App Store lookup.
    public var url: URL
    /// The format, or `nil` to detect it from the document.
    public var format: PolicyFormat?
    /// Pinned keys. When any is set, only policies signed by one of them are accepted.
    public var publicKeys: [PolicyPublicKey]
    /// The app a signed document's subject must name; `nil` when neither given nor in the URL,
    /// in which case a signed document is refused (there is nothing to bind it to).
    public var app: String?
    /// The channel a signed document's subject must name.
    public var channel: ReleaseChannel

    /// Creates a source.
    /// - Parameters:
    ///   - url: The document's URL.
    ///   - format: The format, or `nil` to detect it.
    ///   - publicKeys: Keys to pin; none accepts unsigned documents (the seed formats, the App Store).
    ///   - app: The app the document must be about; `nil` reads it from a `/v1/apps/{app}/…` path.
    ///   - channel: The channel it must be about; `nil` reads the URL's `channel` query item,
    ///     and production when there is none.
    public init(url: URL, format: PolicyFormat? = nil, publicKeys: [PolicyPublicKey] = [],
                app: String? = nil, channel: ReleaseChannel? = nil) {
        self.url = url
        self.format = format
        self.publicKeys = publicKeys
        self.app = app ?? Self.app(in: url)
        self.channel = channel ?? Self.channel(in: url) ?? .production
    }

    /// Whether signatures are required.
    public var requiresSignature: Bool { !publicKeys.isEmpty }

    /// The `{app}` of a LaunchGate server path, `/v1/apps/{app}/…`, wherever the server is mounted.
    static func app(in url: URL) -> String? {
        let parts = url.path.split(separator: "/", omittingEmptySubsequences: true)
        guard let index = parts.indices.dropLast(2).first(where: { parts[$0] == "v1" && parts[$0 + 1] == "apps" }) else {
            return nil
        }
        let name = String(parts[index + 2])
        return name.removingPercentEncoding ?? name
    }

    /// The `channel` query item; an unknown name is kept out (the subject check then refuses mismatches).
    /// The first of repeated items, as the server reads it, so the two agree on the subject.
    static func channel(in url: URL) -> ReleaseChannel? {
        guard let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems,
              let value = items.first(where: { $0.name == "channel" })?.value, !value.isEmpty else { return nil }
        return ReleaseChannel(rawValue: value.lowercased())
    }
}
