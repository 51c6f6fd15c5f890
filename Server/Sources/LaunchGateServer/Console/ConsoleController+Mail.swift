import Foundation
import Hummingbird

extension ConsoleController {
    /// The outbox through ``SignInService/outboxStatus()``, as `GET /v1/admin/mail` (read scope):
    /// messages per state, the oldest waiting one, and the newest permanent failures by address.
    func mailPage(_ request: Request, _ context: Context) async throws -> Response {
        let signed = try await session(request)
        let status = try await accounts.signIn.outboxStatus(visibleTo: signed.token.scope)
        let now = now()
        var values = layout(signed, title: "Mail")
        values["counts"] = OutboxMessage.State.allCases.map { ["state": $0.rawValue, "count": status.counts[$0.rawValue] ?? 0] as [String: Any] }
        if let oldest = status.oldestPendingAt {
            values["oldest"] = ["date": Self.date(oldest), "minutes": max(0, Int(now.timeIntervalSince(oldest) / 60))] as [String: Any]
        }
        // Below admin, console sign-in mail is left out of counts and failures alike.
        let failures = status.failures
        values["failures"] = failures.map { message -> [String: Any] in
            ["app": message.appID == OperatorSignIn.appID ? "console sign-in" : message.appID, "email": message.email,
             "attempts": message.attempts, "error": message.lastError ?? OutboxMessage.unknownFailure,
             "date": Self.date(message.finishedAt ?? message.createdAt)]
        }
        values["hasFailures"] = !failures.isEmpty
        return ConsoleRenderer.page("mail", values)
    }
}
