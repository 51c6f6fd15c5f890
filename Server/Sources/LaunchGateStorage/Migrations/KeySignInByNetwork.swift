import SQLKit

/// Sign-in codes, failure counts and locks per network at an address (issue 27, item 3): a
/// code is keyed by (app, address, network), so a send replaces only its own network's code and
/// an address holds several; a failure count and lock by the same key, so a network's failures
/// lock that network out of the address and no other; mail says whose code it carries, so a new
/// code ends only its own network's waiting mail.
///
/// A primary key can't be altered in SQLite, so the two tables are copied aside, made anew and
/// their rows copied back, with the network `''`: a code sent before the upgrade still works from any network
/// (as another network's code), and a lock or streak from before applies to no network, so
/// it lapses.
struct KeySignInByNetwork: Migration {
    package let name = "033_key_sign_in_by_network"

    package func prepare(on database: any SQLDatabase) async throws {
        try await rebuild(database, codesKey: ["app_id", "email", "network"], addressesKey: ["app_id", "email", "network"]) { table in
            table == "sign_in_codes"
                ? "SELECT app_id, email, '', id, code_hash, attempts, created_at, expires_at, consumed_at FROM sign_in_codes_old"
                : "SELECT app_id, email, '', failures, locked_until, last_failure_at FROM sign_in_addresses_old"
        }
        try await database.alter(table: "mail_outbox").column("network", type: .text, .notNull, .default(SQLLiteral.string(""))).run()
    }

    /// Back to one code and one state per address: each address keeps its newest code, and the
    /// highest count and latest lock of its networks.
    package func revert(on database: any SQLDatabase) async throws {
        try await database.alter(table: "mail_outbox").dropColumn("network").run()
        try await rebuild(database, codesKey: ["app_id", "email"], addressesKey: ["app_id", "email"]) { table in
            table == "sign_in_codes"
                ? """
                  SELECT app_id, email, id, code_hash, attempts, created_at, expires_at, consumed_at FROM sign_in_codes_old AS c
                  WHERE NOT EXISTS (SELECT 1 FROM sign_in_codes_old AS d WHERE d.app_id = c.app_id AND d.email = c.email
                                    AND (d.created_at > c.created_at OR (d.created_at = c.created_at AND d.network > c.network)))
                  """
                : """
                  SELECT app_id, email, MAX(failures), MAX(locked_until), MAX(last_failure_at) FROM sign_in_addresses_old
                  GROUP BY app_id, email
                  """
        }
    }

    /// Copies both tables aside (a copy, not a rename: PostgreSQL would keep the old primary key's
    /// index name, which the new table's needs), makes them with the given keys (and a network
    /// column when the key has one), copies back what `rows` selects from the copies, and drops those.
    private func rebuild(_ database: any SQLDatabase, codesKey: [String], addressesKey: [String],
                         rows: (String) -> SQLQueryString) async throws {
        for table in ["sign_in_codes", "sign_in_addresses"] {
            try await database.raw("CREATE TABLE \(ident: table + "_old") AS SELECT * FROM \(ident: table)").run()
            try await database.drop(table: table).run()
        }
        var codes = database.create(table: "sign_in_codes")
            .column("app_id", type: .text, .notNull)
            .column("email", type: .text, .notNull)
        if codesKey.contains("network") { codes = codes.column("network", type: .text, .notNull) }
        try await codes
            .column("id", type: .text, .notNull)
            .column("code_hash", type: .text, .notNull)
            .column("attempts", type: .bigint, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("expires_at", type: .bigint, .notNull)
            .column("consumed_at", type: .bigint)
            .primaryKey(codesKey)
            .run()
        var addresses = database.create(table: "sign_in_addresses")
            .column("app_id", type: .text, .notNull)
            .column("email", type: .text, .notNull)
        if addressesKey.contains("network") { addresses = addresses.column("network", type: .text, .notNull) }
        try await addresses
            .column("failures", type: .bigint, .notNull)
            .column("locked_until", type: .bigint)
            .column("last_failure_at", type: .bigint)
            .primaryKey(addressesKey)
            .run()
        for table in ["sign_in_codes", "sign_in_addresses"] {
            try await database.raw("INSERT INTO \(ident: table) \(rows(table))").run()
            try await database.drop(table: table + "_old").run()
        }
    }
}
