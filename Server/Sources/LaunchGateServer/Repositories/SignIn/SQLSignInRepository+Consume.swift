import Foundation
import SQLKit

extension SQLSignInRepository {
    public func consumeCode(id: String, appID: String, email: String, at now: Date) async throws -> Bool {
        try await database.transaction { db in
            // The row lock of this UPDATE orders concurrent verifies: the second sees the code used.
            let consumed = try await db.raw("""
                UPDATE sign_in_codes SET consumed_at = \(bind: now.milliseconds)
                WHERE app_id = \(bind: appID) AND email = \(bind: email) AND id = \(bind: id) AND consumed_at IS NULL
                  AND expires_at > \(bind: now.milliseconds)
                RETURNING id
                """).all()
            guard !consumed.isEmpty else { return false }
            try await db.update("sign_in_addresses").set("failures", to: SQLBind(0))
                .where("app_id", .equal, appID).where("email", .equal, email).where("failures", .notEqual, 0).run()
            return true
        }
    }
}
