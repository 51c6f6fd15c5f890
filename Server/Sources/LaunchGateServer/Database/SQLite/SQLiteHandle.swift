import NIOCore
import SQLiteNIO
import Synchronization
import VaporCSQLite

/// One SQLite connection, driven synchronously by the thread that holds it.
///
/// SQLiteNIO hands every statement to a thread pool and resumes the caller afterwards: two thread
/// wake-ups per statement, while a transaction holds the only connection, which then spent most of
/// its time waiting for threads to wake. ``Database`` instead runs a transaction's Swift code on
/// ``SQLiteTaskExecutor``'s thread and calls SQLite from it directly.
///
/// Prepared statements are kept by their SQL text, at most ``statementCacheLimit``, so a statement
/// is parsed once rather than every time. The text is written by our code (a `LIMIT` an admin
/// chooses is the only value in it), and a full cache drops one statement, not all of them.
/// PRAGMAs and schema changes are not kept: SQLite prepares a PRAGMA again on every run anyway.
///
/// Not thread-safe: ``Database`` uses it only while holding its lock, and a session used outside
/// the operation it was made for is refused (``lease``).
final class SQLiteHandle: @unchecked Sendable {
    // @unchecked: every use is serialised by Database's lock (one operation at a time).
    private var connection: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    /// Most statements kept prepared; the SQL text of our queries is a few dozen shapes.
    static let statementCacheLimit = 128
    /// The operation allowed to use the connection now: ``Database`` sets it on taking its lock and
    /// clears it on leaving, and each ``SQLiteSession`` carries the number it was made with, so a
    /// session that escaped its operation (returned, or kept by a task) fails instead of racing.
    var lease: UInt64 = 0

    /// The operation a watchdog may interrupt, and its connection: set by ``arm(after:)`` and
    /// cleared by ``disarm(_:)`` before the operation gives the connection up, so a late watchdog
    /// never interrupts the next operation or touches a closed connection.
    private let interruptible = Mutex<SQLiteInterruptible?>(nil)

    /// SQLite's process-wide set-up, once, before any connection is opened.
    private static let initialized: Int32 = sqlite_nio_sqlite3_initialize()

    /// Opens (creating if needed) the database file.
    /// - Parameter readOnly: Open an existing file without write access (nothing is created).
    /// - Throws: ``SQLiteStatementError`` when SQLite can't open it.
    convenience init(path: String, readOnly: Bool = false) throws {
        try self.init(path: path, access: readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE)
    }

    /// Opens an existing file read-write, creating nothing and refusing a symlink anywhere in
    /// `path` (SQLite otherwise resolves one and opens its target): for a file in a folder another
    /// user can write, checked with ``mainFileDescriptor()`` before any statement runs.
    /// - Throws: ``SQLiteStatementError`` when SQLite can't open it (`SQLITE_CANTOPEN_SYMLINK` for a symlink).
    convenience init(existingFileAt path: String) throws {
        try self.init(path: path, access: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW)
    }

    private init(path: String, access: Int32) throws {
        _ = Self.initialized
        let flags = access | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE
        // SQLite reads a name starting with "file:" as a URI (this build enables URIs everywhere),
        // where every other check sees a file name: "./" keeps it a file name.
        let status = sqlite_nio_sqlite3_open_v2(path.hasPrefix("file:") ? "./" + path : path, &connection, flags, nil)
        guard status == SQLITE_OK else {
            let message = connection.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "cannot open"
            sqlite_nio_sqlite3_close(connection)
            connection = nil
            throw SQLiteStatementError(code: status, message: "\(message) (\(path))")
        }
    }

    deinit {
        assert(connection == nil, "an SQLite database was not closed")
    }

    /// Runs one statement, calling `onRow` for each row it returns.
    /// - Parameter lease: The operation's number, when run through a session; `nil` while opening.
    /// - Throws: ``SQLiteStatementError`` with SQLite's message, e.g. "UNIQUE constraint failed: …".
    func run(_ sql: String, _ binds: [SQLiteData], lease: UInt64? = nil, onRow: (SQLiteResultRow) throws -> Void) throws {
        guard let connection else { throw SQLiteStatementError(code: SQLITE_MISUSE, message: Self.closedMessage) }
        if let lease, lease != self.lease {
            throw SQLiteStatementError(code: SQLITE_MISUSE, message: "a database session was used outside the operation it was made for")
        }
        if interruptible.withLock({ $0?.expired == true }) {
            throw SQLiteStatementError(code: SQLITE_INTERRUPT, message: "interrupted: the operation ran past its time limit")
        }
        let statement = try prepared(sql, on: connection)
        // Reset even after an error, so the statement holds no read snapshot or lock while cached,
        // and no code or token hash stays bound in it.
        defer {
            sqlite_nio_sqlite3_reset(statement)
            sqlite_nio_sqlite3_clear_bindings(statement)
            for statement in transient { sqlite_nio_sqlite3_finalize(statement) }
            transient.removeAll()
        }
        for (index, value) in binds.enumerated() { try check(bind(value, at: Int32(index + 1), in: statement), on: connection) }
        var columns: SQLiteColumnNames?
        while true {
            let status = sqlite_nio_sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw error(status, on: connection) }
            let names = columns ?? SQLiteColumnNames(statement)
            columns = names
            try onRow(SQLiteResultRow(columns: names, values: (0..<names.count).map { Self.value(at: Int32($0), in: statement) }))
        }
    }

    /// The descriptor SQLite reads and writes the main database file through, so a caller can check
    /// that it opened the file meant (by device and inode) before any statement reads or writes it;
    /// SQLite opens the file when the connection is made, and reads no more than its header then.
    /// Only for SQLite's `unix` VFS (the default on Linux and macOS), whose file object starts with
    /// its methods, its VFS, its inode record, then the descriptor.
    /// - Returns: `nil` when it can't be told (another VFS, or no file open).
    func mainFileDescriptor() -> Int32? {
        guard let connection else { return nil }
        var vfs: UnsafeMutablePointer<sqlite3_vfs>?
        guard sqlite_nio_sqlite3_file_control(connection, "main", SQLITE_FCNTL_VFS_POINTER, &vfs) == SQLITE_OK,
              let name = vfs?.pointee.zName, String(cString: name) == "unix" else { return nil }
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite_nio_sqlite3_file_control(connection, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
              let file, file.pointee.pMethods != nil else { return nil }
        return UnsafeRawPointer(file).load(fromByteOffset: 3 * MemoryLayout<UnsafeRawPointer>.stride, as: Int32.self)
    }

    /// Interrupts the current operation's statements once `limit` has passed: the one running
    /// then fails with `SQLITE_INTERRUPT`, and so does every later one before it starts (SQLite
    /// has no statement timeout, and this build leaves out the progress callback). Until
    /// ``disarm(_:)``, it interrupts again every ``reinterruptInterval``, for a statement that
    /// started between the check and the first interrupt.
    /// - Returns: The watchdog, for ``disarm(_:)``.
    func arm(after limit: Duration) -> Task<Void, Never>? {
        guard let connection else { return nil }
        let lease = self.lease
        interruptible.withLock { $0 = SQLiteInterruptible(lease: lease, connection: connection) }
        // Detached: it must not wait for the SQLite thread, which is busy running the statement.
        return Task.detached { [self] in
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            // Bounded by the operation: disarm() ends it, and a statement interrupted fails fast.
            while !Task.isCancelled {
                let armed = interruptible.withLock { state -> Bool in
                    guard state?.lease == lease, let connection = state?.connection else { return false }
                    state?.expired = true
                    sqlite_nio_sqlite3_interrupt(connection)
                    return true
                }
                guard armed, (try? await Task.sleep(for: Self.reinterruptInterval)) != nil else { return }
            }
        }
    }

    /// How often an expired operation is interrupted again until it ends.
    static let reinterruptInterval = Duration.milliseconds(50)

    /// Ends a watchdog's hold on the operation; after this it interrupts nothing.
    func disarm(_ watchdog: Task<Void, Never>?) {
        interruptible.withLock { $0 = nil }
        watchdog?.cancel()
    }

    /// How many statements are prepared and kept.
    var preparedCount: Int { statements.count }

    /// What a statement on a closed connection fails with.
    static let closedMessage = "the database is closed"

    /// Finalises the statements and closes the connection (close_v2: SQLite finishes closing once
    /// nothing uses it, rather than failing while something does).
    func close() {
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement) }
        statements.removeAll()
        sqlite_nio_sqlite3_close_v2(connection)
        connection = nil
    }

    private func prepared(_ sql: String, on connection: OpaquePointer) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let status = sqlite_nio_sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK else { throw error(status, on: connection) }
        // Only whitespace or comments: SQLite answers OK with no statement.
        guard let statement else { throw SQLiteStatementError(code: SQLITE_MISUSE, message: "no SQL statement in \"\(sql.prefix(100))\"") }
        guard Self.isWorthKeeping(sql) else {
            transient.append(statement)
            return statement
        }
        if statements.count >= Self.statementCacheLimit, let victim = statements.randomElement() {
            sqlite_nio_sqlite3_finalize(victim.value)
            statements[victim.key] = nil
        }
        statements[sql] = statement
        return statement
    }

    /// Statements prepared for one run; finalised after it.
    private var transient: [OpaquePointer] = []

    private static func isWorthKeeping(_ sql: String) -> Bool {
        let keyword = sql.prefix { $0.isLetter }.uppercased()
        return !["PRAGMA", "CREATE", "DROP", "ALTER"].contains(keyword)
    }

    private func bind(_ value: SQLiteData, at index: Int32, in statement: OpaquePointer) -> Int32 {
        // SQLITE_TRANSIENT: SQLite copies the bytes, which live only for this call.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        switch value {
        case .integer(let number): return sqlite_nio_sqlite3_bind_int64(statement, index, Int64(number))
        case .float(let number): return sqlite_nio_sqlite3_bind_double(statement, index, number)
        case .text(let text): return sqlite_nio_sqlite3_bind_text64(statement, index, text, UInt64(text.utf8.count), transient, UInt8(SQLITE_UTF8))
        case .blob(let bytes):
            return bytes.withUnsafeReadableBytes { sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), transient) }
        case .null: return sqlite_nio_sqlite3_bind_null(statement, index)
        }
    }

    private static func value(at column: Int32, in statement: OpaquePointer) -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT: return .float(sqlite_nio_sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            // Length first: text may hold NUL characters, which String(cString:) would cut at.
            guard let text = sqlite_nio_sqlite3_column_text(statement, column) else { return .text("") }
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            guard let bytes = sqlite_nio_sqlite3_column_blob(statement, column), count > 0 else { return .blob(ByteBuffer()) }
            return .blob(ByteBuffer(bytes: UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    private func check(_ status: Int32, on connection: OpaquePointer) throws {
        guard status == SQLITE_OK else { throw error(status, on: connection) }
    }

    private func error(_ status: Int32, on connection: OpaquePointer) -> SQLiteStatementError {
        SQLiteStatementError(code: status, message: String(cString: sqlite_nio_sqlite3_errmsg(connection)))
    }
}
