import ArgumentParser
import Foundation
import LaunchGateStorage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way every listing command prints its rows.
///
/// - On a terminal, for a person: a header row and columns aligned to their widest cell.
/// - Into a pipe or a file, for a script: tab-separated rows without a header, the format that
///   scripts already `cut` and `grep`.
/// - With `--json`: one compact JSON array of objects, keyed by the columns' names.
///
/// Cells come from people (names, notes, addresses), and older rows may hold controls, so the
/// first two print every cell through ``TerminalText``, and JSON writes them as `\u` escapes.
struct Listing {
    /// How a listing is printed.
    enum Format: Equatable {
        case table, tabSeparated, json
    }

    /// The columns' names: the header's words, and in JSON the keys (lower case, `_` for spaces).
    let columns: [String]
    /// The rows, one cell per column.
    var rows: [[String]] = []

    /// - Parameter columns: The columns' names, as a person reads them.
    init(_ columns: String...) {
        self.columns = columns
    }

    /// Adds a row, one cell per column.
    mutating func append(_ cells: String...) {
        rows.append(cells)
    }

    /// The rows in `format`; `empty` (what to do next) stands for an empty table, and is left out of
    /// the other formats, where it would read as a row.
    func render(_ format: Format, empty: String) -> String {
        switch format {
        case .json:
            let keys = columns.map { $0.lowercased().replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "-", with: "_") }
            let objects = rows.map { Dictionary(uniqueKeysWithValues: zip(keys, $0)) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // Escaped whether or not on a terminal: the same JSON to a reader, and safe to `cat` later.
            return TerminalText.escapingJSON(String(decoding: (try? encoder.encode(objects)) ?? Data("[]".utf8), as: UTF8.self))
        case .tabSeparated:
            return rows.map(TerminalText.row).joined(separator: "\n")
        case .table:
            guard !rows.isEmpty else { return empty }
            // An empty last cell would leave the separator's spaces at the end of its line.
            let table = TerminalTable.render([columns] + rows.map { $0.map(TerminalText.printable) })
            return table.split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in String(line.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n")
        }
    }

    /// Prints ``render(_:empty:)``. An empty tab-separated listing prints no row, and says `empty`
    /// on standard error, where a person still reads it and a script doesn't take it for a row.
    func print(_ format: Format, empty: String) {
        let text = render(format, empty: empty)
        if !text.isEmpty { Swift.print(text) }
        if format == .tabSeparated, rows.isEmpty { FileHandle.standardError.write(Data((empty + "\n").utf8)) }
    }
}
