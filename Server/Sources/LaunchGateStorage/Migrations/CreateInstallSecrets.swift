import SQLKit

/// Secrets of install recording, one row each, made once per database by the first instance
/// that needs one (issue 27, N6): the key of the filters of refused versions
/// (``RefusedVersionFilter/Key``), whose hashes had a public seed, so anyone could choose versions
/// that fill a chosen version's bits. Filters stored before carry no key's tag and read as
/// unknown: their range alone decides, as for rows from before migration 032.
struct CreateInstallSecrets: Migration {
    package let name = "036_create_install_secrets"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "install_secrets")
            .column("name", type: .text, .primaryKey(autoIncrement: false))
            .column("value", type: .blob, .notNull)
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "install_secrets").run()
    }
}
