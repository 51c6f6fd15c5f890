import Foundation
import Hummingbird

extension ConsoleController {
    /// The outbox through ``SignInService/outboxStatus()``, as `GET /v1/admin/mail` (read scope):
    /// messages per state, the oldest waiting one, and the newest permanent failures by address.
    func mailPage(_ request: Request, _ context: Context) async throws -> Response {
        let signed = try await session(request)
        let status = try await accounts.signIn.outboxStatus(visibleTo: signed.token.scope)
        // Below admin, console sign-in mail is left out of counts and failures alike.
        return renderer.page(.mail, ConsoleLayout(signed, title: "Mail"), MailView(status, now: now()))
    }
}
