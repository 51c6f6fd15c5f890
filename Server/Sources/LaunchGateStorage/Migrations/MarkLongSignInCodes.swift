import SQLKit

/// Whether a sign-in code is long (issue 27, item 3, goal B): past an address's hour's room of
/// comparisons at short codes, a network the address doesn't know is sent a code 3 digits longer,
/// whose guesses aren't charged to the room and are compared only with codes of their length
/// (``ShortCodeRoom``). Codes stored before are short, as they were.
struct MarkLongSignInCodes: Migration {
    package let name = "035_mark_long_sign_in_codes"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.alter(table: "sign_in_codes").column("long_code", type: .bigint, .notNull, .default(0)).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.alter(table: "sign_in_codes").dropColumn("long_code").run()
    }
}
