import VaporCSQLite

/// A result's column names, read once per statement run and shared by its rows.
final class SQLiteColumnNames: Sendable {
    let names: [String]
    var count: Int { names.count }

    init(_ statement: OpaquePointer) {
        names = (0..<sqlite_nio_sqlite3_column_count(statement)).map { column in
            sqlite_nio_sqlite3_column_name(statement, column).map { String(cString: $0) } ?? ""
        }
    }

    /// The position of a column; results have a handful, so a scan beats hashing.
    func index(of column: String) -> Int? { names.firstIndex(of: column) }
}
