import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--json`, and the terminal check that picks the table: every listing command takes these.
struct ListingOptions: ParsableArguments {
    @Flag(help: "Print a JSON array of objects, one per row, keyed by the column names.") var json = false

    /// JSON when asked; otherwise a table on a terminal and tab-separated rows elsewhere.
    var format: Listing.Format {
        json ? .json : isatty(STDOUT_FILENO) == 1 ? .table : .tabSeparated
    }
}
