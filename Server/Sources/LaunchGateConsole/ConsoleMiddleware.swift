import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate
import LaunchGateHTTP
import LaunchGateStorage
import NIOCore

/// Every error under `/console` becomes a page (or, without a session, a redirect to sign-in)
/// instead of the API's JSON, with the navigation when the request had read a signed-in session
/// (``ConsoleRequestSession``). The security headers are ``ConsoleHeadersMiddleware``'s alone:
/// it runs router-wide, so it also covers what no console route answers.
struct ConsoleMiddleware<Context: RequestContext>: RouterMiddleware {
    package let renderer: ConsoleRenderer

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let session = ConsoleRequestSession()
        do {
            return try await ConsoleRequestSession.$current.withValue(session) { try await next(request, context) }
        } catch {
            return page(for: error, signed: session.signed, context: context)
        }
    }

    package func page(for error: any Error, signed: ConsoleSessions.Signed?, context: Context) -> Response {
        func errorPage(_ heading: String, _ message: String, status: HTTPResponse.Status) -> Response {
            let layout = signed.map { ConsoleLayout($0, title: heading) } ?? ConsoleLayout(title: heading, csrf: "")
            return renderer.page(.error, layout, ConsoleErrorView(heading: heading, message: message), status: status)
        }
        switch error {
        case ConsoleError.signInRequired:
            return ConsoleRenderer.redirect("/console/sign-in")
        case let ConsoleError.rateLimited(retryAfter, what):
            var response = errorPage("Too many requests", "Too many \(what) from this session or address; try again in \(retryAfter) s.",
                                     status: .tooManyRequests)
            response.headers[.retryAfter] = "\(retryAfter)"
            return response
        case let ConsoleError.incompleteForm(what):
            return errorPage("Can't do that", what + " Go back, reload the page and try again.", status: .badRequest)
        case ConsoleError.csrfFailed:
            return errorPage("Form expired", "This form was not sent from the console page it belongs to, or the page is too old. "
                + "Go back, reload the page and try again.", status: .forbidden)
        case let failure as any LaunchGateFailure:
            if failure.kind == .internal || failure.kind == .unavailable || failure.isForOperatorsOnly {
                context.logger.error("console request failed", metadata: ["code": "\(failure.code)", "error": "\(failure.message)"])
            }
            let page = ConsoleErrorView(failure, app: context.parameters.get("app"))
            return errorPage(page.heading, page.message, status: ErrorResponse.status(for: failure.kind))
        case is NIOTooManyBytesError:
            // A form past ConsoleForm's limit: the person can act on it, and it is no server fault to log.
            return errorPage("Form too large", "The form is larger than the console accepts. Shorten the longest fields "
                + "(release notes, texts) and send it again.", status: .contentTooLarge)
        case let error as HTTPError:
            return errorPage(error.status == .notFound ? "Page not found" : "Can't do that",
                             error.body ?? "The request was refused (\(error.status.code)).", status: error.status)
        default:
            context.logger.error("console error", metadata: ["error": "\(String(reflecting: error).prefix(500))"])
            return errorPage("Something went wrong", "The server's log has the details under request \(context.id).",
                             status: .internalServerError)
        }
    }
}
