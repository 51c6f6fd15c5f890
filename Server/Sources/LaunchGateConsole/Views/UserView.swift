import Foundation
import LaunchGateStorage

/// One sign-in user with their sessions, newest first, and revoke for admins.
struct UserView: ConsoleView {
    package struct Session: ConsoleView {
        package let id: String
        package let device: String
        package let created: String
        package let expires: String
        /// `active`, `expired` or `revoked`.
        package let state: String
        package let active: Bool

        package init(_ session: SessionRecord, now: Date) {
            active = session.isActive(at: now)
            state = session.revokedAt != nil ? "revoked" : active ? "active" : "expired"
            (id, device) = (session.id, session.deviceID)
            (created, expires) = (ConsoleFigures.date(session.createdAt), ConsoleFigures.date(session.expiresAt))
        }
    }

    package let app: String
    package let appName: String
    package let user: UsersView.Row
    package let canAdminister: Bool
    package let sessions: [Session]
    package let hasActive: Bool
    /// Sessions not shown, past ``ConsoleController/sessionsPerPage``.
    package let more: Int?
    package let notice: String?

    package init(app: AppRecord, user: UserRecord, sessions: [SessionRecord], shown: Int, now: Date, canAdminister: Bool, notice: String?) {
        (self.app, appName, self.user, self.canAdminister, self.notice) = (app.id, app.name, UsersView.Row(user), canAdminister, notice)
        self.sessions = sessions.prefix(shown).map { Session($0, now: now) }
        hasActive = sessions.contains { $0.isActive(at: now) }
        more = sessions.count > shown ? sessions.count - shown : nil
    }
}
