import VaporCSQLite

extension SQLiteStatementError {
    /// The error callers see: a lock another process held past the busy timeout, or a database
    /// already closed (the server shutting down), is ``StorageError`` `unavailable`, a 503 to try
    /// again, as PostgreSQL's lost connections are; anything else is itself.
    func classified(location: DatabaseLocation) -> any Error {
        if message == SQLiteHandle.closedMessage {
            return StorageError.unavailable("the database at \(location) is closed; the server is shutting down")
        }
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return StorageError.unavailable("the SQLite database at \(location) stayed locked by another process for 5 s; try again")
        default:
            return self
        }
    }

    /// Whether a watchdog (``SQLiteHandle/arm(after:)``) ended the statement.
    var isInterrupted: Bool { code & 0xFF == SQLITE_INTERRUPT }
}
