import HTTPTypes
import Hummingbird
@_spi(LaunchGateServer) import LaunchGate
import LaunchGateHTTP
import LaunchGateSignIn
import LaunchGateStorage
import Logging
import NIOCore

/// Errors on the seed-compatible sign-in endpoints, in the shape seed 002's client parses:
/// `{"status": "error", "message": "…", "error": "<code>"}`. Statuses come from
/// ``ErrorResponse/status(for:)``, the one map of failure kinds to HTTP; only the body differs.
enum SeedErrorResponse {
    /// The response for any error a sign-in handler threw.
    static func response(for error: any Error, logger: Logger) -> Response {
        let status: HTTPResponse.Status
        let code: String
        let message: String
        var headers: HTTPFields = [:]
        switch error {
        case let failure as SignInServiceError:
            (status, code, message) = (ErrorResponse.status(for: failure.kind), failure.code, failure.message)
            if let seconds = failure.retryAfter { headers[.retryAfter] = "\(seconds)" }
            if failure.kind == .unauthenticated { headers[.wwwAuthenticate] = "Bearer" }
        case let failure as any LaunchGateFailure where failure.kind == .notFound:
            (status, code, message) = (.notFound, "not_found", failure.message)
        case let failure as HTTPError where failure.status == .notFound:
            (status, code, message) = (.notFound, "not_found", "There is no such sign-in endpoint. See docs/sign-in.md for the paths.")
        case let failure as HTTPError where failure.status == .methodNotAllowed:
            (status, code, message) = (.methodNotAllowed, "method_not_allowed",
                                       "This sign-in endpoint does not take that method: send-code, verify-code and sign-out take POST, session takes GET.")
        case let failure as any LaunchGateFailure where failure.kind == .unavailable:
            logger.error("sign-in unavailable", metadata: ["code": "\(failure.code)", "error": "\(failure.message)"])
            (status, code, message) = (.serviceUnavailable, "unavailable", "Sign-in is unavailable right now. Try again in a moment.")
            headers[.retryAfter] = "5"
        case is NIOTooManyBytesError:
            (status, code, message) = (.badRequest, "invalid_request", "The request could not be read: the body is too large.")
        default:
            logger.error("sign-in failed unexpectedly", metadata: ["error": "\(String(reflecting: error).prefix(500))"])
            (status, code, message) = (.internalServerError, "internal",
                                       "Something went wrong on the server. Try again later; the server's log has the details.")
        }
        return SignInWire.response(AuthWire.Envelope.failure(message: message, code: code), status: status, headers: headers)
    }
}
