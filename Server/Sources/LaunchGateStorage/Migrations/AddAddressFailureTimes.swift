import SQLKit

/// Gives each address's failure streak the time of its last failure, so the sweep can forget
/// streaks nobody has added to for the retention period: a verify to any address adds a row, and
/// rows whose streak never reaches the lock must not pile up for ever.
///
/// Rows from before it have no time; the sweep takes them for old.
struct AddAddressFailureTimes: Migration {
    package let name = "016_add_address_failure_times"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.alter(table: "sign_in_addresses").column("last_failure_at", type: .bigint).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.alter(table: "sign_in_addresses").dropColumn("last_failure_at").run()
    }
}
