import SQLKit
import SQLiteKit

/// One row of a result, as SQLKit's builders decode it.
struct SQLiteResultRow: SQLRow {
    let columns: SQLiteColumnNames
    let values: [SQLiteData]
    private static let decoder = SQLiteDataDecoder()

    var allColumns: [String] { columns.names }

    func contains(column: String) -> Bool { columns.index(of: column) != nil }

    /// True for NULL, and for a column the result doesn't have (as `SQLRow` asks).
    func decodeNil(column: String) throws -> Bool {
        guard let index = columns.index(of: column) else { return true }
        return values[index] == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        try Self.decoder.decode(D.self, from: value(column))
    }

    private func value(_ column: String) throws -> SQLiteData {
        guard let index = columns.index(of: column) else {
            throw DecodingError.keyNotFound(SQLiteColumnKey(column), .init(codingPath: [], debugDescription: "no column \(column) in the result"))
        }
        return values[index]
    }
}
