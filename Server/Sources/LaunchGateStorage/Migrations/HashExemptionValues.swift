import LaunchGate
import SQLKit

/// Replaces the install and device IDs that exemptions used to store in the clear with their
/// SHA-256, the form the signed policy carries.
///
/// Rows written before it hold raw IDs. A value that already is 64 lowercase hex digits is taken
/// for a hash and left alone, so applying it again after a revert can't hash twice (install and
/// device IDs are UUIDs or vendor IDs, never 64 hex digits). Two rows can't hash to one value,
/// because the raw values were already unique per app and kind.
/// The next publish (or any exemption change) puts the hashes into the served documents.
struct HashExemptionValues: Migration {
    package let name = "007_hash_exemption_values"

    package func prepare(on database: any SQLDatabase) async throws {
        let rows = try await database.select().columns("app_id", "kind", "value").from("exemptions").all()
        for row in rows {
            let app = try row.decode(column: "app_id", as: String.self)
            let kind = try row.decode(column: "kind", as: String.self)
            let value = try row.decode(column: "value", as: String.self)
            guard !Self.isHash(value) else { continue }
            try await database.update("exemptions").set("value", to: SQLBind(PolicyExemptions.hash(value)))
                .where("app_id", .equal, app).where("kind", .equal, kind).where("value", .equal, value).run()
        }
    }

    private static func isHash(_ value: String) -> Bool {
        value.utf8.count == 64 && value.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The raw IDs can't be recovered from their hashes, and nothing needs them: a no-op.
    package func revert(on database: any SQLDatabase) async throws {}
}
