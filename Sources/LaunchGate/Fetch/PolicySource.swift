import Foundation

/// Where a policy comes from and how it must be checked.
///
/// ```swift
/// let source = PolicySource(
///     url: URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios")!,
///     publicKeys: [try PolicyPublicKey("ed25519:…")])
/// ```
public struct PolicySource: Sendable, Hashable {
    /// The document's URL: a LaunchGate server, a static file, a seed endpoint or the App Store lookup.
    public var url: URL
    /// The format, or `nil` to detect it from the document.
    public var format: PolicyFormat?
    /// Pinned keys. When any is set, only policies signed by one of them are accepted.
    public var publicKeys: [PolicyPublicKey]

    /// Creates a source.
    /// - Parameters:
    ///   - url: The document's URL.
    ///   - format: The format, or `nil` to detect it.
    ///   - publicKeys: Keys to pin; none accepts unsigned documents (the seed formats, the App Store).
    public init(url: URL, format: PolicyFormat? = nil, publicKeys: [PolicyPublicKey] = []) {
        self.url = url
        self.format = format
        self.publicKeys = publicKeys
    }

    /// Whether signatures are required.
    public var requiresSignature: Bool { !publicKeys.isEmpty }
}
