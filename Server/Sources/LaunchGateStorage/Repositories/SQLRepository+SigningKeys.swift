import Foundation
import SQLKit

/// Signing keys: `sequence` orders activations (the highest activated key signs), and a staged
/// key has no `activated_at` and sequence 0, so it is below every key that ever signed.
extension SQLRepository {
    /// Stores a key, active (signing from now) or staged.
    public func saveSigningKey(_ key: SigningKeyRecord, activate: Bool) async throws {
        try await database.transaction { db in
            let next = activate ? try await Self.nextKeySequence(db) : 0
            try await db.insert(into: "signing_keys")
                .columns("id", "public_key", "sealed_private_key", "created_at", "sequence", "activated_at")
                .values(SQLBind(key.id), SQLBind(key.publicKey), SQLBind(key.sealedPrivateKey), SQLBind(key.createdAt.milliseconds),
                        SQLBind(next), activate ? SQLBind(key.createdAt.milliseconds) : SQLBind(Int64?.none))
                .run()
            // Served documents carry the active key's signature; a staged key changes nothing served.
            if activate { try await ChangeCounter.bump(db) }
        }
    }

    /// The key activated last.
    public func activeSigningKey() async throws -> SigningKeyRecord? {
        try await database.read { db in
            // Two activations racing on PostgreSQL can draw the same sequence; the later activation
            // time, then the ID, decide, so every instance agrees on one key.
            try await Self.keyQuery(db).where("activated_at", .isNot, SQLLiteral.null)
                .orderBy("sequence", .descending).orderBy("activated_at", .descending).orderBy("id", .descending)
                .limit(1).first().map(Self.signingKey)
        }
    }

    /// Every key, oldest first.
    public func signingKeys() async throws -> [SigningKeyRecord] {
        try await database.read { db in
            try await Self.keyQuery(db).orderBy("created_at").orderBy("id").all().map(Self.signingKey)
        }
    }

    /// Makes a stored key the one that signs.
    public func activateSigningKey(id: String, at now: Date) async throws -> SigningKeyRecord? {
        try await database.transaction { db in
            guard try await db.select().column("id").from("signing_keys").where("id", .equal, id).first() != nil else { return nil }
            let next = try await Self.nextKeySequence(db)
            try await db.update("signing_keys").set("sequence", to: SQLBind(next))
                .set("activated_at", to: SQLBind(now.milliseconds)).where("id", .equal, id).run()
            // Every instance re-signs what it serves with the newly active key.
            try await ChangeCounter.bump(db)
            return try await Self.keyQuery(db).where("id", .equal, id).first().map(Self.signingKey)
        }
    }

    private static func nextKeySequence(_ db: any SQLDatabase) async throws -> Int {
        let row = try await db.select()
            .column(SQLFunction("COALESCE", args: SQLFunction("MAX", args: SQLColumn("sequence")), SQLLiteral.numeric("0")), as: "last")
            .from("signing_keys").first()
        return (try row?.decode(column: "last", as: Int.self) ?? 0) + 1
    }

    private static func keyQuery(_ db: any SQLDatabase) -> SQLSelectBuilder {
        db.select().columns("id", "public_key", "sealed_private_key", "created_at", "activated_at", "sequence").from("signing_keys")
    }

    private static func signingKey(_ row: any SQLRow) throws -> SigningKeyRecord {
        SigningKeyRecord(id: try row.decode(column: "id", as: String.self),
                         publicKey: try row.decode(column: "public_key", as: String.self),
                         sealedPrivateKey: try row.decode(column: "sealed_private_key", as: String.self),
                         createdAt: Date(milliseconds: try row.decode(column: "created_at", as: Int64.self)),
                         activatedAt: try row.decode(column: "activated_at", as: Int64?.self).map(Date.init(milliseconds:)),
                         sequence: try row.decode(column: "sequence", as: Int.self))
    }
}
