import SQLKit

/// Per-app sign-in settings: the code length and mail template overrides.
struct CreateSignInSettings: Migration {
    package let name = "008_create_sign_in_settings"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "sign_in_settings")
            .column("app_id", type: .text, .primaryKey(autoIncrement: false), .references("apps", "id"))
            .column("code_length", type: .bigint, .notNull)
            .column("subject_template", type: .text)
            .column("text_template", type: .text)
            .column("html_template", type: .text)
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "sign_in_settings").run()
    }
}
