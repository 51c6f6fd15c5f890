import SQLKit

/// Migration 037: drops `install_secrets`, which migration 036 made. The key of the filters of refused versions is derived
/// from the master key now (``RefusedVersionFilter/Key``), so a database, or a copy of it, no
/// longer holds in plain text what tells which versions set which bits. Filters stored under the
/// random key it held carry that key's tag and read as unknown, never as "no": their range alone
/// decides until the day passes. Reverting makes the table again, empty, as 036 left it.
struct DropInstallSecrets: Migration {
    package let name = "037_drop_install_secrets"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.drop(table: "install_secrets").run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await CreateInstallSecrets().prepare(on: database)
    }
}
