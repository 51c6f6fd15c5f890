import SQLKit

/// A filter of the versions refused per app, platform and day (`install_refusals.refused_filter`,
/// ``RefusedVersionFilter``), so blocking a version asks for confirmation only when that version
/// may have been refused, not whenever it falls within the range of a flood's made-up versions.
/// Rows from before keep `NULL`: their range alone decides, as before.
struct RecordRefusedVersionFilters: Migration {
    package let name = "032_record_refused_version_filters"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.alter(table: "install_refusals").column("refused_filter", type: .blob).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.alter(table: "install_refusals").dropColumn("refused_filter").run()
    }
}
