import SQLKit

/// One row counting the writes that change what is served, polled by other instances.
///
/// `MAX(id)` of the revisions was the stamp before: ids are handed out when a transaction
/// starts writing, not when it commits, so a publish holding id 10 that commits after id 11 was
/// seen went unnoticed. Every such write transaction now bumps this row; PostgreSQL's row lock
/// orders the bumps, so each commit shows a value no one has seen yet.
struct CreateChangeCounter: Migration {
    package let name = "006_create_change_counter"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "launchgate_changes")
            .column("id", type: .bigint, .primaryKey(autoIncrement: false))
            .column("counter", type: .bigint, .notNull)
            .run()
        try await database.insert(into: "launchgate_changes").columns("id", "counter")
            .values(SQLBind(ChangeCounter.row), SQLBind(0)).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "launchgate_changes").run()
    }
}
