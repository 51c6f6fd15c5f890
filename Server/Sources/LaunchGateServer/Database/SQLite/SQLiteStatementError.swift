/// A failure SQLite reported, with its extended result code and message (for example
/// "UNIQUE constraint failed: apps.id", which the repositories recognise).
struct SQLiteStatementError: Error, CustomStringConvertible {
    /// SQLite's extended result code.
    let code: Int32
    /// SQLite's message.
    let message: String

    var description: String { "SQLite error \(code): \(message)" }
}
