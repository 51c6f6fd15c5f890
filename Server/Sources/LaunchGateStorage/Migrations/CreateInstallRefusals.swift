import SQLKit

/// Sightings refused by a cap, per app, platform and UTC day, so the publish guard knows when a
/// platform's counts may be missing real installs.
struct CreateInstallRefusals: Migration {
    package let name = "027_create_install_refusals"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "install_refusals")
            .column("app_id", type: .text, .notNull)
            .column("platform", type: .text, .notNull)
            .column("day", type: .bigint, .notNull)
            .column("refused", type: .bigint, .notNull)
            .primaryKey("app_id", "platform", "day")
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "install_refusals").run()
    }
}
