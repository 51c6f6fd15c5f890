/// The connection a watchdog may interrupt while the operation `lease` runs, and whether its
/// time is up.
struct SQLiteInterruptible: @unchecked Sendable {
    // @unchecked: the pointer is only used for sqlite3_interrupt, which SQLite allows from any
    // thread while the connection is open; disarm() runs before any close.
    let lease: UInt64
    let connection: OpaquePointer
    /// Set once the limit has passed: from then on every statement of the operation fails before
    /// it starts, since `sqlite3_interrupt` only stops statements running at that moment and one
    /// called between two statements would be lost.
    var expired = false
}
