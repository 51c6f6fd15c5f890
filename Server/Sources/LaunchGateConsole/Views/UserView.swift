import Foundation

/// One sign-in user with their sessions, newest first, and revoke for admins.
struct UserView: ConsoleView {
    struct Session: ConsoleView {
        let id: String
        let device: String
        let created: String
        let expires: String
        /// `active`, `expired` or `revoked`.
        let state: String
        let active: Bool

        init(_ session: SessionRecord, now: Date) {
            active = session.isActive(at: now)
            state = session.revokedAt != nil ? "revoked" : active ? "active" : "expired"
            (id, device) = (session.id, session.deviceID)
            (created, expires) = (ConsoleFigures.date(session.createdAt), ConsoleFigures.date(session.expiresAt))
        }
    }

    let app: String
    let appName: String
    let user: UsersView.Row
    let canAdminister: Bool
    let sessions: [Session]
    let hasActive: Bool
    /// Sessions not shown, past ``ConsoleController/sessionsPerPage``.
    let more: Int?
    let notice: String?

    init(app: AppRecord, user: UserRecord, sessions: [SessionRecord], shown: Int, now: Date, canAdminister: Bool, notice: String?) {
        (self.app, appName, self.user, self.canAdminister, self.notice) = (app.id, app.name, UsersView.Row(user), canAdminister, notice)
        self.sessions = sessions.prefix(shown).map { Session($0, now: now) }
        hasActive = sessions.contains { $0.isActive(at: now) }
        more = sessions.count > shown ? sessions.count - shown : nil
    }
}
