import SQLKit

/// Lets a signing key be stored before it signs anything, so a key rotation has no gap: the next
/// key is made, pinned in an app release beside the current one, and activated once that release
/// is in use. A key signs only once it has an activation time; keys made before this migration
/// were active from their creation.
///
/// Staged keys keep `sequence` 0, below every activated key, so a binary from before this
/// migration (after `migrate --revert-last`) still signs with the key that was active.
struct StageSigningKeys: Migration {
    package let name = "021_stage_signing_keys"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.alter(table: "signing_keys").column("activated_at", type: .bigint).run()
        // Keys that signed (sequence above 0) were active from their creation. Keys with sequence 0
        // are staged ones that a `migrate --revert-last` left behind: they stay staged.
        try await database.update("signing_keys").set("activated_at", to: SQLColumn("created_at"))
            .where("sequence", .greaterThan, 0).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.alter(table: "signing_keys").dropColumn("activated_at").run()
    }
}
