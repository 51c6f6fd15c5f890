import Foundation

/// Which family of sign-in paths a server offers.
///
/// ```swift
/// AuthClient(baseURL: URL(string: "https://auth.example.com")!, paths: .app("notes"))  // /v1/apps/notes/auth/…
/// AuthClient(baseURL: URL(string: "https://legacy.example.com")!, paths: .seed)        // /api/auth/…
/// ```
public enum AuthPaths: Sendable, Hashable {
    /// The per-app paths, `/v1/apps/{app}/auth/…`: send-code, verify-code, session, sign-out and account.
    case app(String)
    /// The original sign-in backend's paths, `/api/auth/…`, which a LaunchGate server also serves for
    /// its `--default-app`: send-code and verify-code only, so sessions can't be checked or signed
    /// out on the server, nor accounts deleted.
    case seed

    /// Whether the paths have the session check, sign-out and account deletion.
    public var supportsSessions: Bool {
        if case .app = self { return true } else { return false }
    }

    /// The endpoints these paths have: all five per app, send-code and verify-code on ``seed``.
    @_spi(LaunchGateServer) public var endpoints: [AuthEndpoint] {
        AuthEndpoint.allCases.filter { supportsSessions || !$0.needsSession }
    }

    /// An endpoint's path from the server's root, percent-encoded: `/v1/apps/notes/auth/send-code`
    /// or `/api/auth/verify-code`. The SDK sends to it and the server routes it (with its own
    /// parameter in place of the app: `.app(":app")`), so both ends read it from here.
    /// - Parameter endpoint: The endpoint.
    /// - Returns: The path, or `nil` for the session endpoints on ``seed``, which don't exist.
    @_spi(LaunchGateServer) public func path(for endpoint: AuthEndpoint) -> String? {
        switch self {
        case .app(let app):
            // Encoded as one segment, so an app name can't add path segments or a query.
            var segment = CharacterSet.urlPathAllowed
            segment.remove(charactersIn: "/;?#")
            return "/v1/apps/\(app.addingPercentEncoding(withAllowedCharacters: segment) ?? app)/auth/" + endpoint.rawValue
        case .seed:
            return endpoint.needsSession ? nil : "/api/auth/" + endpoint.rawValue
        }
    }

    /// The URL of an endpoint under a base URL (the server's root, or where it is mounted).
    /// - Throws: ``SignInError/notOnSeedPaths(_:)`` for the session endpoints on ``seed``.
    func url(for endpoint: AuthEndpoint, base: URL) throws(SignInError) -> URL {
        guard let path = path(for: endpoint) else { throw SignInError.notOnSeedPaths(endpoint.rawValue) }
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true) else {
            throw SignInError.insecureURL(base)
        }
        let root = components.percentEncodedPath.hasSuffix("/") ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = root + path
        components.query = nil
        components.fragment = nil
        guard let url = components.url else { throw SignInError.insecureURL(base) }
        return url
    }
}
