import Foundation
import SQLKit

extension SQLSignInRepository {
    static let codeColumns = ["id", "app_id", "email", "network", "code_hash", "attempts", "created_at", "expires_at", "consumed_at", "long_code"]
    static let userColumns = ["id", "app_id", "email", "created_at", "last_sign_in_at"]
    static let sessionColumns = ["id", "app_id", "user_id", "device_id", "token_hash", "created_at", "expires_at", "revoked_at"]
    static let outboxColumns = ["id", "app_id", "email", "network", "sealed_code", "code_expires_at", "state", "attempts", "next_attempt_at",
                                "last_error", "created_at", "finished_at", "failure_reported"]

    package static func date(_ row: any SQLRow, _ column: String) throws -> Date {
        Date(milliseconds: try row.decode(column: column, as: Int64.self))
    }

    static func optionalDate(_ row: any SQLRow, _ column: String) throws -> Date? {
        try row.decode(column: column, as: Int64?.self).map(Date.init(milliseconds:))
    }

    package static func settings(_ row: any SQLRow) throws -> SignInSettings {
        SignInSettings(appID: try row.decode(column: "app_id", as: String.self), codeLength: try row.decode(column: "code_length", as: Int.self),
                       subjectTemplate: try row.decode(column: "subject_template", as: String?.self),
                       textTemplate: try row.decode(column: "text_template", as: String?.self),
                       htmlTemplate: try row.decode(column: "html_template", as: String?.self))
    }

    package static func code(_ row: any SQLRow) throws -> SignInCodeRecord {
        SignInCodeRecord(id: try row.decode(column: "id", as: String.self), appID: try row.decode(column: "app_id", as: String.self),
                   email: try row.decode(column: "email", as: String.self), network: try row.decode(column: "network", as: String.self),
                   codeHash: try row.decode(column: "code_hash", as: String.self),
                   attempts: try row.decode(column: "attempts", as: Int.self), createdAt: try date(row, "created_at"),
                   expiresAt: try date(row, "expires_at"), consumedAt: try optionalDate(row, "consumed_at"),
                   isLong: try row.decode(column: "long_code", as: Int.self) != 0)
    }

    package static func user(_ row: any SQLRow) throws -> UserRecord {
        UserRecord(id: try row.decode(column: "id", as: String.self), appID: try row.decode(column: "app_id", as: String.self),
                   email: try row.decode(column: "email", as: String.self), createdAt: try date(row, "created_at"),
                   lastSignInAt: try date(row, "last_sign_in_at"))
    }

    package static func session(_ row: any SQLRow) throws -> SessionRecord {
        SessionRecord(id: try row.decode(column: "id", as: String.self), appID: try row.decode(column: "app_id", as: String.self),
                      userID: try row.decode(column: "user_id", as: String.self), deviceID: try row.decode(column: "device_id", as: String.self),
                      tokenHash: try row.decode(column: "token_hash", as: String.self), createdAt: try date(row, "created_at"),
                      expiresAt: try date(row, "expires_at"), revokedAt: try optionalDate(row, "revoked_at"))
    }

    package static func addressState(_ row: any SQLRow) throws -> AddressState {
        AddressState(failures: try row.decode(column: "failures", as: Int.self), lockedUntil: try optionalDate(row, "locked_until"))
    }

    static func outboxMessage(_ row: any SQLRow) throws -> OutboxMessage {
        guard let state = OutboxMessage.State(rawValue: try row.decode(column: "state", as: String.self)) else {
            throw StorageError.corrupt("the mail_outbox table holds an unknown state; was it edited by hand?")
        }
        return OutboxMessage(
            id: try row.decode(column: "id", as: String.self), appID: try row.decode(column: "app_id", as: String.self),
            email: try row.decode(column: "email", as: String.self), network: try row.decode(column: "network", as: String.self),
            sealedCode: try row.decode(column: "sealed_code", as: String?.self),
            codeExpiresAt: try date(row, "code_expires_at"), state: state, attempts: try row.decode(column: "attempts", as: Int.self),
            nextAttemptAt: try date(row, "next_attempt_at"), lastError: try row.decode(column: "last_error", as: String?.self),
            createdAt: try date(row, "created_at"), finishedAt: try optionalDate(row, "finished_at"),
            failureReported: try row.decode(column: "failure_reported", as: Int.self) != 0)
    }

    /// Both engines name the failed foreign key in their message (SQLite: "FOREIGN KEY constraint", PostgreSQL: 23503).
    static func isForeignKeyViolation(_ error: any Error) -> Bool {
        let text = String(reflecting: error)
        return text.contains("FOREIGN KEY constraint") || text.contains("23503") || text.contains("foreign key")
    }
}
