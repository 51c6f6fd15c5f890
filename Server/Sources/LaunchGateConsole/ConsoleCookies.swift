import Foundation

/// The console's cookies: `HttpOnly`, `SameSite=Strict`, sent only to `/console`, and `Secure`
/// when the browser reached the server over TLS.
enum ConsoleCookies {
    /// The session's secret.
    package static let session = "lgc_session"
    /// The sign-in form's secret, which its CSRF token is derived from before there is a session.
    package static let signIn = "lgc_signin"

    /// A `Set-Cookie` value.
    /// - Parameters:
    ///   - maxAge: Seconds it lives; 0 deletes it.
    package static func header(_ name: String, value: String, maxAge: Int, secure: Bool) -> String {
        "\(name)=\(value); Path=/console; Max-Age=\(maxAge); HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }
}
