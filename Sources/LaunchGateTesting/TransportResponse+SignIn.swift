import Foundation
import LaunchGate

extension TransportResponse {
    /// A send-code success as the LaunchGate server answers it, for scripts.
    /// - Parameters:
    ///   - codeLength: The code's digits.
    ///   - expiresIn: Seconds the code lives.
    ///   - resendAfter: Seconds before another send.
    /// - Returns: The response.
    public static func codeSent(codeLength: Int = 6, expiresIn: Int = 600, resendAfter: Int = 60) -> TransportResponse {
        .json(#"{"status": "success", "message": "If that address can sign in, a code is on its way.", "code_length": \#(codeLength), "expires_in": \#(expiresIn), "resend_after": \#(resendAfter)}"#)
    }

    /// A verify-code success as the LaunchGate server answers it, for scripts.
    /// - Parameters:
    ///   - email: The account's address.
    ///   - userID: The account's ID.
    ///   - isNewUser: Whether the code made the account.
    ///   - token: The session token.
    ///   - expiresAt: The session's expiry, RFC 3339.
    /// - Returns: The response.
    public static func signedIn(email: String = "ada@example.com", userID: String = "usr_1", isNewUser: Bool = false,
                                token: String = "lgs_test", expiresAt: String = "2030-01-01T00:00:00Z") -> TransportResponse {
        .json(#"""
        {"status": "success", "message": "Signed in.", "is_new_user": \#(isNewUser), "session_token": "\#(token)",
         "expires_at": "\#(expiresAt)", "user": {"id": "\#(userID)", "email": "\#(email)",
         "created_at": "2026-11-23T10:00:00Z", "last_sign_in_at": "2026-11-23T10:00:00Z"}}
        """#)
    }

    /// A failure in the sign-in error shape, for scripts.
    /// - Parameters:
    ///   - code: The stable code, such as `invalid_code`.
    ///   - status: The HTTP status.
    ///   - message: The message for the user.
    ///   - retryAfter: The `Retry-After` header's seconds, if any.
    /// - Returns: The response.
    public static func signInError(_ code: String, status: Int, message: String = "Something went wrong.",
                                   retryAfter: Int? = nil) -> TransportResponse {
        .json(#"{"status": "error", "message": "\#(message)", "error": "\#(code)"}"#, status: status,
              headers: retryAfter.map { ["Retry-After": String($0)] } ?? [:])
    }
}
