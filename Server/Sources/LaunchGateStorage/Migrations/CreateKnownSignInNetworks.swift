import SQLKit

/// The networks each address signed in from, per app (issue 27, item 3): a send from one skips
/// the address's own caps, so that strangers spending them can't hold off a returning user.
/// Keyed as the other sign-in tables key an address (app, normalised address), by network; at
/// most ``KnownNetworks/kept`` rows an address, each forgotten ``KnownNetworks/forgetAfter``
/// after its last sign-in.
struct CreateKnownSignInNetworks: Migration {
    package let name = "034_create_known_sign_in_networks"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "sign_in_known_networks")
            .column("app_id", type: .text, .notNull)
            .column("email", type: .text, .notNull)
            .column("network", type: .text, .notNull)
            .column("verified_at", type: .bigint, .notNull)
            .primaryKey("app_id", "email", "network")
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "sign_in_known_networks").run()
    }
}
