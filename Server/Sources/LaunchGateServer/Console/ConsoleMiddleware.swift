import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate
import NIOCore

/// Every console response gets the security headers; every error becomes a page (or, without a
/// session, a redirect to sign-in) instead of the API's JSON.
struct ConsoleMiddleware<Context: RequestContext>: RouterMiddleware {
    /// `default-src 'self'`: no inline script or style, nothing from another origin.
    static var securityHeaders: HTTPFields {
        [
            .contentSecurityPolicy: "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
            HTTPField.Name("X-Frame-Options")!: "DENY",
            .xContentTypeOptions: "nosniff",
            HTTPField.Name("Referrer-Policy")!: "no-referrer",
        ]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do { response = try await next(request, context) } catch { response = Self.page(for: error, context: context) }
        for field in Self.securityHeaders { response.headers[field.name] = field.value }
        return response
    }

    static func page(for error: any Error, context: Context) -> Response {
        switch error {
        case ConsoleError.signInRequired:
            return ConsoleRenderer.redirect("/console/sign-in")
        case ConsoleError.csrfFailed:
            return errorPage("Form expired", "This form was not sent from the console page it belongs to, or the page is too old. "
                + "Go back, reload the page and try again.", status: .forbidden)
        case let failure as any LaunchGateFailure:
            if failure.kind == .internal || failure.kind == .unavailable || failure.isForOperatorsOnly {
                context.logger.error("console request failed", metadata: ["code": "\(failure.code)", "error": "\(failure.message)"])
            }
            let message = failure.isForOperatorsOnly ? ErrorResponse.publicMessage(for: failure.kind) : failure.message
            return errorPage("Can't do that", message, status: ErrorResponse.status(for: failure.kind))
        case is NIOTooManyBytesError:
            // A form past ConsoleForm's limit: the person can act on it, and it is no server fault to log.
            return errorPage("Form too large", "The form is larger than the console accepts. Shorten the longest fields "
                + "(release notes, texts) and send it again.", status: .contentTooLarge)
        case let error as HTTPError:
            return errorPage("Can't do that", error.body ?? "The request was refused (\(error.status.code)).", status: error.status)
        default:
            context.logger.error("console error", metadata: ["error": "\(String(reflecting: error).prefix(500))"])
            return errorPage("Something went wrong", "The server's log has the details under request \(context.id).",
                             status: .internalServerError)
        }
    }

    static func errorPage(_ heading: String, _ message: String, status: HTTPResponse.Status) -> Response {
        ConsoleRenderer.page("error", ["title": heading, "heading": heading, "message": message], status: status)
    }
}
