extension SignInError {
    // The server's codes, one per row of the table in docs/sign-in.md. The messages are only
    // fallbacks: the server sends its own with each.

    /// The server could not read the request (malformed JSON, a missing field, a body over 4 KiB).
    public static let invalidRequest = SignInError(
        code: "invalid_request", message: "The request could not be read. Update the app and try again.")
    /// The address breaks the rules in ``EmailAddress``; the SDK refuses such an address before sending it.
    public static let invalidEmail = SignInError(
        code: "invalid_email", message: "Enter a valid email address, such as ada@example.com.")
    /// The code is wrong, used, expired, or was never sent; the server doesn't say which.
    public static let invalidCode = SignInError(
        code: "invalid_code", message: "That code is not right, or it has expired. Ask for a new one.")
    /// Too many requests for this address or client; ``retryAfter`` says when to try again.
    public static let rateLimited = SignInError(
        code: "rate_limited", message: "Too many attempts. Wait a moment and try again.")
    /// The address is locked after too many wrong codes; ``retryAfter`` says when to try again.
    public static let locked = SignInError(
        code: "locked", message: "Too many wrong codes. Sign-in for this address is paused for an hour.")
    /// The last message to this address bounced permanently; another address is needed.
    public static let deliveryFailed = SignInError(
        code: "delivery_failed", message: "Email to this address can't be delivered. Check it or use another one.")
    /// The session token is missing, unknown, revoked, expired, or from another device.
    public static let unauthorized = SignInError(
        code: "unauthorized", message: "You have been signed out. Sign in again.")
    /// The server doesn't know the app the paths name.
    public static let notFound = SignInError(
        code: "not_found", message: "Sign-in is not set up for this app on the server.")
    /// The server can't reach its database, or a proxy answered 5xx; try again later.
    public static let unavailable = SignInError(
        code: "unavailable", message: "Sign-in is unavailable right now. Try again in a moment.")
    /// The server refused with the seed's shape but no code (an older backend); its message says why.
    public static let rejected = SignInError(
        code: "rejected", message: "The server refused the request.")

    /// The error for a code from the server's `error` field, with the fallback message of a known
    /// code, or the code kept as it is when this SDK doesn't know it yet.
    static func server(code: String) -> SignInError {
        let known: [SignInError] = [.invalidRequest, .invalidEmail, .invalidCode, .rateLimited, .locked,
                                    .deliveryFailed, .unauthorized, .notFound, .unavailable]
        return known.first { $0.code == code } ?? SignInError(code: code, message: rejected.message)
    }
}
