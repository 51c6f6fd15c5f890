import Foundation

extension SignInError {
    /// No answer came: offline, DNS or TLS failed, or the connection dropped.
    public static func offline(_ detail: String) -> SignInError {
        SignInError(code: "offline", message: "Can't reach the server. Check your connection and try again. (\(detail))")
    }
    /// No answer within the client's timeout.
    public static let timeout = SignInError(
        code: "timeout", message: "The server took too long to answer. Try again.")
    /// The caller's task was cancelled before an answer came.
    public static let cancelled = SignInError(code: "cancelled", message: "Sign-in was cancelled.")
    /// The URL would send the address, code or token in clear text: only https is allowed, and
    /// plain http only to this device's loopback address.
    public static func insecureURL(_ url: URL) -> SignInError {
        SignInError(code: "insecure_url",
                    message: "Sign-in needs an https URL; \(url.scheme ?? "?")://\(url.host ?? "?") was refused.")
    }
    /// The server redirected to another origin (scheme, host or port); the request was not followed there.
    /// - Parameter target: Where the redirect led, when known.
    public static func redirectRefused(to target: URL?) -> SignInError {
        let place = target.map { " to \($0.scheme ?? "?")://\($0.host ?? "?")" } ?? ""
        return SignInError(code: "redirect_refused",
                           message: "The sign-in request was redirected\(place); only redirects within the same https origin are followed.")
    }
    /// The answer was larger than the client's cap.
    public static func tooLarge(limit: Int) -> SignInError {
        SignInError(code: "too_large", message: "The server's answer is over \(limit) bytes; it was refused.")
    }
    /// The answer is not the documented JSON (a captive portal's page, a missing field, a wrong type).
    public static func invalidResponse(_ detail: String) -> SignInError {
        SignInError(code: "invalid_response",
                    message: "The server's answer could not be read; a captive portal or proxy may be in the way. (\(detail))")
    }
    /// A session or sign-out request was made with ``AuthPaths/seed``, which has neither.
    public static func notOnSeedPaths(_ endpoint: String) -> SignInError {
        SignInError(code: "not_on_seed_paths",
                    message: "\(endpoint) exists only on the per-app paths (AuthPaths.app); the seed's /api/auth paths have send-code and verify-code alone.")
    }
    /// The session or device ID could not be read or written where the app keeps it.
    public static func storageFailed(_ detail: String) -> SignInError {
        SignInError(code: "storage_failed", message: "The sign-in could not be saved on this device. (\(detail))")
    }
}
