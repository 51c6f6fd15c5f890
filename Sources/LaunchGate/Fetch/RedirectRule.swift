import Foundation

/// Which redirects a policy request may follow: only within its own origin (scheme, host and
/// port), so a redirect can neither leave https nor hand the request to a host that serves
/// another app's validly signed document.
enum RedirectRule {
    /// Whether a request to `original` may end up at `target`.
    /// - Parameters:
    ///   - original: The URL asked for.
    ///   - target: Where a redirect leads (or where the answer came from).
    /// - Returns: `true` when both have the same scheme, host and port (default ports filled in).
    static func allows(from original: URL, to target: URL) -> Bool {
        guard let from = Origin(original), let to = Origin(target) else { return false }
        return from == to
    }

    private struct Origin: Equatable {
        let scheme: String
        let host: String
        let port: Int

        init?(_ url: URL) {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
            guard let port = url.port ?? ["https": 443, "http": 80][scheme] else { return nil }
            self.scheme = scheme
            self.host = host
            self.port = port
        }
    }
}
