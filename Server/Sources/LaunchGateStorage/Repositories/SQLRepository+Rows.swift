import Foundation
import LaunchGate
import SQLKit

extension SQLRepository {
    package static func app(_ row: any SQLRow) throws -> AppRecord {
        AppRecord(id: try row.decode(column: "id", as: String.self), name: try row.decode(column: "name", as: String.self),
                  createdAt: Date(milliseconds: try row.decode(column: "created_at", as: Int64.self)))
    }

    static func revisionQuery(_ db: any SQLDatabase, appID: String, channel: ReleaseChannel) -> SQLSelectBuilder {
        db.select().columns("app_id", "channel", "number", "document", "issued_at", "author", "note").from("policy_revisions")
            .where("app_id", .equal, appID).where("channel", .equal, channel.rawValue)
    }

    package static func revisions(_ db: any SQLDatabase, appID: String, channel: ReleaseChannel, limit: Int?) async throws -> [PolicyRevision] {
        var query = revisionQuery(db, appID: appID, channel: channel).orderBy("number", .descending)
        if let limit { query = query.limit(limit) }
        return try await query.all().map(revision)
    }

    package static func revision(_ row: any SQLRow) throws -> PolicyRevision {
        guard let channel = ReleaseChannel(rawValue: try row.decode(column: "channel", as: String.self)) else {
            throw StorageError.corrupt("the policy_revisions table holds an unknown channel; was it edited by hand?")
        }
        return PolicyRevision(
            appID: try row.decode(column: "app_id", as: String.self), channel: channel,
            number: try row.decode(column: "number", as: Int.self),
            document: Data(try row.decode(column: "document", as: String.self).utf8),
            issuedAt: Date(milliseconds: try row.decode(column: "issued_at", as: Int64.self)),
            author: try row.decode(column: "author", as: String.self), note: try row.decode(column: "note", as: String?.self))
    }

    static func tokenQuery(_ db: any SQLDatabase) -> SQLSelectBuilder {
        db.select().columns("id", "name", "scope", "secret_hash", "created_at", "revoked_at", "last_used_at").from("tokens")
    }

    package static func token(_ row: any SQLRow) throws -> TokenRecord {
        guard let scope = TokenScope(rawValue: try row.decode(column: "scope", as: String.self)) else {
            throw StorageError.corrupt("the tokens table holds an unknown scope; was it edited by hand?")
        }
        return TokenRecord(
            id: try row.decode(column: "id", as: String.self), name: try row.decode(column: "name", as: String.self), scope: scope,
            secretHash: try row.decode(column: "secret_hash", as: String.self),
            createdAt: Date(milliseconds: try row.decode(column: "created_at", as: Int64.self)),
            revokedAt: try row.decode(column: "revoked_at", as: Int64?.self).map(Date.init(milliseconds:)),
            lastUsedAt: try row.decode(column: "last_used_at", as: Int64?.self).map(Date.init(milliseconds:)))
    }

    /// Both engines report a unique-constraint violation in their message; matching on it keeps
    /// the repository free of driver-specific error types.
    static func isUniqueViolation(_ error: any Error) -> Bool {
        let text = String(reflecting: error)
        return text.contains("UNIQUE constraint") || text.contains("23505") || text.contains("duplicate key")
    }
}

extension Date {
    /// Milliseconds since 1970, as stored.
    package var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    /// A date from stored milliseconds.
    package init(milliseconds: Int64) { self.init(timeIntervalSince1970: Double(milliseconds) / 1000) }
}
