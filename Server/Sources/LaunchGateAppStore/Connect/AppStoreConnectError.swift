import Foundation

/// Why App Store Connect could not be asked, or why its answer was not used. Carries no HTTP status
/// of ours: the admin API and the CLI map it (a status Apple answered with is part of the message).
public struct AppStoreConnectError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for code that decides what to do.
    public enum Reason: String, Sendable, Hashable {
        /// The `.p8` file is not a P-256 private key in PEM, or an ID is malformed.
        case invalidCredentials = "invalid-credentials"
        /// The base URL is not https, nor http on loopback where that is allowed.
        case insecureURL = "insecure-url"
        /// Apple refused the token (401 or 403): a revoked key, a wrong issuer or key ID, a missing role.
        case unauthorized
        /// Apple answered with another error status.
        case apiError = "api-error"
        /// No answer within the timeout.
        case timeout
        /// The answer was larger than the cap.
        case tooLarge = "too-large"
        /// The answer was not the JSON expected.
        case malformed
        /// The connection failed.
        case unreachable
        /// The bundle ID names no app in this team's account.
        case appNotFound = "app-not-found"
        /// The app has no App Store Connect key stored.
        case credentialsNotSet = "credentials-not-set"
    }

    /// What went wrong.
    public let reason: Reason
    /// A message a person can act on.
    public let message: String

    package init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }

    static func invalidCredentials(_ why: String) -> Self { Self(.invalidCredentials, why) }
    static func unauthorized(status: Int) -> Self {
        Self(.unauthorized, "App Store Connect refused the key (HTTP \(status)): check the issuer ID, the key ID and that the key is not revoked")
    }
    static func apiError(status: Int) -> Self { Self(.apiError, "App Store Connect answered HTTP \(status)") }
    static let timeout = Self(.timeout, "App Store Connect did not answer in time")
    static func tooLarge(limit: Int) -> Self { Self(.tooLarge, "App Store Connect's answer was larger than \(limit) bytes") }
    static func malformed(_ what: String) -> Self { Self(.malformed, "App Store Connect's answer was not understood: \(what)") }
    static func unreachable(_ why: String) -> Self { Self(.unreachable, "App Store Connect could not be reached: \(why)") }
    static func credentialsNotSet(app: String) -> Self {
        Self(.credentialsNotSet, "\(app.prefix(64)) has no App Store Connect key; set one with 'launchgate appstore credentials set'")
    }
    static func appNotFound(bundleID: String) -> Self {
        Self(.appNotFound, "App Store Connect has no app with bundle ID \(bundleID.prefix(200)) for this key's team")
    }
}
