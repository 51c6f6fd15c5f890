import Foundation
import SQLKit

/// App Store Connect keys over SQLKit, for SQLite and PostgreSQL alike.
public struct SQLAppStoreConnectKeyRepository: AppStoreConnectKeyRepository {
    package let database: Database

    /// Creates a repository; run ``Migrator`` first.
    public init(database: Database) { self.database = database }

    public func set(_ record: AppStoreConnectKeyRecord) async throws {
        // Delete then insert in one transaction: the same statements on both dialects, where an
        // upsert's syntax differs.
        try await database.transaction { db in
            try await db.delete(from: "app_store_connect_keys").where("app_id", .equal, record.appID).run()
            try await db.insert(into: "app_store_connect_keys")
                .columns("app_id", "issuer_id", "key_id", "sealed_private_key", "updated_at")
                .values(SQLBind(record.appID), SQLBind(record.issuerID), SQLBind(record.keyID), SQLBind(record.sealedPrivateKey),
                        SQLBind(record.updatedAt.milliseconds))
                .run()
        }
    }

    public func find(appID: String) async throws -> AppStoreConnectKeyRecord? {
        try await database.read { db in
            guard let row = try await db.select().columns("app_id", "issuer_id", "key_id", "sealed_private_key", "updated_at")
                .from("app_store_connect_keys").where("app_id", .equal, appID).first() else { return nil }
            return AppStoreConnectKeyRecord(
                appID: try row.decode(column: "app_id", as: String.self), issuerID: try row.decode(column: "issuer_id", as: String.self),
                keyID: try row.decode(column: "key_id", as: String.self),
                sealedPrivateKey: try row.decode(column: "sealed_private_key", as: String.self),
                updatedAt: Date(milliseconds: try row.decode(column: "updated_at", as: Int64.self)))
        }
    }

    public func remove(appID: String) async throws -> Bool {
        try await database.transaction { db in
            guard try await db.select().column("app_id").from("app_store_connect_keys").where("app_id", .equal, appID).first() != nil else {
                return false
            }
            try await db.delete(from: "app_store_connect_keys").where("app_id", .equal, appID).run()
            return true
        }
    }
}
