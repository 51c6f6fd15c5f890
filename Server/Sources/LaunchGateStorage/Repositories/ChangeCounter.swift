import SQLKit

/// The change counter row that ``CreateChangeCounter`` makes: bumped inside every write
/// transaction that changes what is served, read as ``SQLRepository/changeStamp()``.
enum ChangeCounter {
    /// The id of the one row.
    package static let row = 1

    /// Adds one, in the caller's transaction, so the bump commits (or rolls back) with the change.
    static func bump(_ db: any SQLDatabase) async throws {
        try await db.update("launchgate_changes")
            .set("counter", to: SQLBinaryExpression(SQLColumn("counter"), .add, SQLLiteral.numeric("1")))
            .where("id", .equal, row)
            .run()
    }

    /// The current value.
    package static func read(_ db: any SQLDatabase) async throws -> Int {
        let row = try await db.select().column("counter").from("launchgate_changes").where("id", .equal, row).first()
        guard let row else { throw StorageError.corrupt("the launchgate_changes row is missing; run 'launchgate migrate' or restore it") }
        return try row.decode(column: "counter", as: Int.self)
    }
}
