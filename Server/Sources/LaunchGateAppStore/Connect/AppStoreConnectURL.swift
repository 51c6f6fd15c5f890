import Foundation

/// Where App Store Connect's API is: Apple's by default; an operator may point it at a proxy
/// (https) or, for tests and behind `--appstore-allow-loopback-http`, at a fake on loopback (http).
public struct AppStoreConnectURL: Sendable, Hashable, CustomStringConvertible {
    /// Apple's API.
    public static let apple = AppStoreConnectURL(checked: URL(string: "https://api.appstoreconnect.apple.com")!)

    /// The base, without a trailing slash.
    public let url: URL

    private init(checked url: URL) { self.url = url }

    /// Reads a base URL.
    /// - Parameter allowLoopbackHTTP: Accept plain http to `localhost`, 127.0.0.0/8 or `::1` (`--appstore-allow-loopback-http`).
    /// - Throws: ``AppStoreConnectError`` `insecureURL` for anything but https (or the loopback http
    ///   allowed); no user, query or fragment.
    public init(parsing text: String, allowLoopbackHTTP: Bool = false) throws {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty, components.user == nil, components.password == nil,
              components.query == nil, components.fragment == nil else {
            throw AppStoreConnectError(.insecureURL, "\(text.prefix(200)) is not a base URL such as https://api.appstoreconnect.apple.com")
        }
        guard scheme == "https" || (scheme == "http" && allowLoopbackHTTP && Self.isLoopback(host)) else {
            throw AppStoreConnectError(.insecureURL,
                                       "\(text.prefix(200)) must be https (plain http only to loopback, for tests, with --appstore-allow-loopback-http)")
        }
        var trimmed = text
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URL(string: trimmed) else { throw AppStoreConnectError(.insecureURL, "\(text.prefix(200)) is not a URL") }
        self.url = url
    }

    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    public var description: String { url.absoluteString }
}
