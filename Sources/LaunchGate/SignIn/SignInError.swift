/// Why a sign-in step failed: the server's stable code and message, or a failure on the way to it.
///
/// A struct over a code, so new cases can be added without breaking callers; compare with the
/// static members, which match whatever message came with the code:
///
/// ```swift
/// do {
///     let session = try await client.verifyCode("123456", for: address, deviceID: deviceID)
///     print("signed in as \(session.user.email)")
/// } catch {
///     if error == .rateLimited, let seconds = error.retryAfter { print("try again in \(seconds) s") }
/// }
/// ```
///
/// Server failures keep the code from the answer's `error` field (`invalid_code`, `rate_limited`,
/// … see `docs/sign-in.md`) and the server's `message`, which is written to be shown to the user.
/// Failures before an answer (offline, a timeout, an insecure URL) have codes of their own.
public struct SignInError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier: the server's `error` code, or one of the SDK's own codes.
    public let code: String
    /// A sentence the user can act on: the server's own message when it sent one.
    public let message: String
    /// Seconds to wait before trying again, from the answer's `Retry-After` header; `nil` when the
    /// server gave none (it always does with `rate_limited` and `locked`).
    public let retryAfter: Int?

    /// Creates an error; the SDK uses the static members.
    /// - Parameters:
    ///   - code: A stable identifier.
    ///   - message: What happened and what to do.
    ///   - retryAfter: Seconds before trying again, if known.
    public init(code: String, message: String, retryAfter: Int? = nil) {
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }

    /// The same error with the server's message and wait instead of the defaults.
    func with(message: String?, retryAfter: Int?) -> SignInError {
        SignInError(code: code, message: message ?? self.message, retryAfter: retryAfter ?? self.retryAfter)
    }

    /// Equal when the codes are equal, so an error with the server's message matches its static member.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    /// Hashes the code.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The message.
    public var description: String { message }
}
