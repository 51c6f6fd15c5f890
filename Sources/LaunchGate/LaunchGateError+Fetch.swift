import Foundation

extension LaunchGateError {
    /// The check took longer than its timeout.
    public static let timeout = LaunchGateError(code: "timeout", message: "the policy check timed out")
    /// The transport failed (offline, DNS, TLS).
    public static func transport(_ detail: String) -> LaunchGateError {
        LaunchGateError(code: "transport", message: "the policy could not be fetched: \(detail)")
    }
    /// The server answered with a status that is neither 2xx nor 304.
    public static func httpStatus(_ status: Int) -> LaunchGateError {
        LaunchGateError(code: "http-status", message: "the policy server answered HTTP \(status)")
    }
    /// The body is larger than the cap.
    public static func tooLarge(_ size: Int, limit: Int) -> LaunchGateError {
        LaunchGateError(code: "too-large", message: "the policy is \(size) bytes; the limit is \(limit)")
    }
    /// The server redirected to another origin (scheme, host or port), or from https to http.
    public static func redirectRefused(from original: URL, to target: URL) -> LaunchGateError {
        LaunchGateError(code: "redirect-refused",
                        message: "the policy request to \(original.host ?? "?") was redirected to \(target.scheme ?? "?")://\(target.host ?? "?"); only redirects within the same https origin are followed")
    }
    /// The body is shorter than its Content-Length.
    public static func truncated(received: Int, expected: Int) -> LaunchGateError {
        LaunchGateError(code: "truncated", message: "the policy was cut off: \(received) of \(expected) bytes arrived")
    }
    /// The content type is not JSON (a captive portal's HTML page, say).
    public static func contentType(_ type: String) -> LaunchGateError {
        LaunchGateError(code: "content-type", message: "the policy came as \(type), not JSON; a captive portal or a misconfigured host may be in the way")
    }
    /// The body could not be read as a policy.
    public static func malformed(_ error: any Error) -> LaunchGateError {
        LaunchGateError(code: "malformed", message: "the policy could not be read: \(error)")
    }
    /// The policy was read but breaks the validation rules.
    public static func invalidPolicy(_ error: PolicyValidationError) -> LaunchGateError {
        LaunchGateError(code: "invalid-policy", message: error.description)
    }
    /// A key is pinned but the policy carried no signature.
    public static let signatureMissing = LaunchGateError(
        code: "signature-missing", message: "a public key is pinned but the policy is not signed")
    /// The signature does not verify against any pinned key.
    public static let signatureInvalid = LaunchGateError(
        code: "signature-invalid", message: "the policy's signature does not match the pinned key")
    /// A signed policy lacks `issuedAt`, so rollback can't be detected.
    public static let signedWithoutIssuedAt = LaunchGateError(
        code: "signed-without-issued-at", message: "a signed policy must carry issuedAt so older copies can be refused")
    /// A signed policy is older than the cached one.
    public static let rollback = LaunchGateError(
        code: "rollback", message: "the policy is older than the one already trusted; it was refused")
    /// A signed policy carries no `subject`, so it could be another app's, channel's or platform's.
    public static let subjectMissing = LaunchGateError(
        code: "subject-missing", message: "a signed policy must name its app, channel and platform in subject; it was refused")
    /// A signed policy is about another app, channel or platform than the one asking.
    public static func subjectMismatch(_ detail: String) -> LaunchGateError {
        LaunchGateError(code: "subject-mismatch", message: "the signed policy is not about this app: \(detail)")
    }
    /// A signed policy re-uses the cached policy's `issuedAt` but says something else: a second
    /// document for the same instant can only be a replay or a forgery with a leaked key.
    public static let issuedAtReused = LaunchGateError(
        code: "issued-at-reused", message: "the policy has the same issuedAt as the one already trusted but different content; it was refused")
    /// A signed policy claims to be issued too far in the future; trusting it would let it outrank
    /// every later policy for as long as the clock is behind it.
    public static func issuedInFuture(_ issuedAt: Date, now: Date) -> LaunchGateError {
        LaunchGateError(code: "issued-in-future",
                        message: "the policy's issuedAt \(issuedAt.formatted(.iso8601)) is more than 24 hours after this device's clock (\(now.formatted(.iso8601))); it was refused")
    }
    /// 304 arrived but nothing is cached to reuse.
    public static let notModifiedWithoutCache = LaunchGateError(
        code: "not-modified-without-cache", message: "the server answered 304 but no policy is cached")
}

extension LaunchGateError {
    /// A key's text or bytes are not an Ed25519 key.
    public static func invalidKey(_ detail: String) -> LaunchGateError {
        LaunchGateError(code: "invalid-key", message: "the key is not a valid Ed25519 key: \(detail)")
    }
}
