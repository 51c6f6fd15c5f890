import LaunchGateStorage

/// What sign-in refuses, with the stable codes of docs/sign-in.md (`invalid_code`, `locked`, …).
///
/// No case says whether an account exists, whether a code was sent, or whether it expired.
public struct SignInServiceError: LaunchGateFailure, Equatable {
    private enum Reason: Equatable {
        case invalidRequest(String)
        case invalidEmail(String)
        case invalidCodeShape(length: Int, long: Int?)
        case invalidCode
        case rateLimited(retryAfter: Int)
        case locked(retryAfter: Int)
        case deliveryFailed
        case unauthorized
        case appNotFound(String)
        case invalidSettings(String)
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// The body is not the JSON the endpoint expects; `why` names the field or the problem.
    public static func invalidRequest(_ why: String) -> SignInServiceError { .init(.invalidRequest(why)) }
    /// The address breaks a rule; `why` says which.
    public static func invalidEmail(_ why: String) -> SignInServiceError { .init(.invalidEmail(why)) }
    /// The code is not `length` digits.
    public static func invalidCodeShape(length: Int) -> SignInServiceError { .init(.invalidCodeShape(length: length, long: nil)) }
    /// The code is neither `length` digits nor `long` (a long code's, ``ShortCodeRoom``).
    public static func invalidCodeShape(length: Int, orLong long: Int) -> SignInServiceError {
        .init(.invalidCodeShape(length: length, long: long == length ? nil : long))
    }
    /// The code is wrong, used, expired or was never sent: one answer for all four.
    public static let invalidCode = SignInServiceError(.invalidCode)
    /// A per-address or per-client limit; retry after the seconds given.
    public static func rateLimited(retryAfter: Int) -> SignInServiceError { .init(.rateLimited(retryAfter: retryAfter)) }
    /// Too many failures in a row: the address is locked; retry after the seconds given.
    public static func locked(retryAfter: Int) -> SignInServiceError { .init(.locked(retryAfter: retryAfter)) }
    /// The last message to the address was refused for good by the mail server.
    public static let deliveryFailed = SignInServiceError(.deliveryFailed)
    /// A missing, unknown, revoked or expired session token, or one from another device.
    public static let unauthorized = SignInServiceError(.unauthorized)
    /// The app in the path does not exist.
    public static func appNotFound(_ app: String) -> SignInServiceError { .init(.appNotFound(app)) }
    /// Sign-in settings an operator gave that can't be used.
    public static func invalidSettings(_ why: String) -> SignInServiceError { .init(.invalidSettings(why)) }

    /// See ``LaunchGateFailure/code``: the `error` field of docs/sign-in.md.
    public var code: String {
        switch reason {
        case .invalidRequest: "invalid_request"
        case .invalidEmail: "invalid_email"
        case .invalidCodeShape, .invalidCode: "invalid_code"
        case .rateLimited: "rate_limited"
        case .locked: "locked"
        case .deliveryFailed: "delivery_failed"
        case .unauthorized: "unauthorized"
        case .appNotFound: "not_found"
        case .invalidSettings: "invalid_settings"
        }
    }

    /// See ``LaunchGateFailure/message``: shown to the person signing in, so plain words.
    public var message: String {
        switch reason {
        case .invalidRequest(let why): "The request could not be read: \(why)."
        case .invalidEmail(let why): "That email address can't be used: \(why)."
        case .invalidCodeShape(let length, nil): "The code is \(length) digits, as in the email."
        case .invalidCodeShape(let length, let long?): "The code is \(length) or \(long) digits, as in the email."
        case .invalidCode: "That code is not right, or it has expired. Ask for a new one."
        case .rateLimited(let seconds): "Too many attempts. Try again in \(Self.describe(seconds))."
        case .locked(let seconds):
            "Too many wrong codes for this address, so sign-in is paused for it. Try again in \(Self.describe(seconds))."
        case .deliveryFailed: "The last email to this address could not be delivered. Check the address, or use another one."
        case .unauthorized: "This session is not valid any more. Sign in again."
        case .appNotFound(let app): "There is no app \"\(app.prefix(64))\" on this server."
        case .invalidSettings(let why): why
        }
    }

    /// See ``LaunchGateFailure/kind``.
    public var kind: FailureKind {
        switch reason {
        case .invalidRequest, .invalidEmail, .invalidCodeShape, .invalidCode, .invalidSettings: .invalidInput
        case .rateLimited, .locked: .rateLimited
        case .deliveryFailed: .unavailable
        case .unauthorized: .unauthenticated
        case .appNotFound: .notFound
        }
    }

    /// See ``LaunchGateFailure/retryAfter``.
    public var retryAfter: Int? {
        switch reason {
        case .rateLimited(let seconds), .locked(let seconds): seconds
        default: nil
        }
    }

    private static func describe(_ seconds: Int) -> String {
        seconds < 120 ? "\(seconds) seconds" : "\((seconds + 59) / 60) minutes"
    }
}
