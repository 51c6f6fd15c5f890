import Logging
import NIOPosix
import SQLKit
import SQLiteNIO

/// Opens SQLite files through SQLiteNIO's public API, with the access each caller needs.
///
/// SQLiteNIO opens every file read-write and creating it; the access is asked for in a URI
/// (`file:…?mode=ro`), which SQLiteNIO enables and which SQLite lets narrow, never widen, what was
/// asked. The path is percent-encoded into it, so a name with `?`, `#` or `%` is still that file.
enum SQLiteFile {
    /// How a file is opened.
    enum Access: String, Sendable {
        /// Read-only; the file must exist.
        case readOnly = "ro"
        /// Read-write; the file must exist.
        case readWrite = "rw"
        /// Read-write; the file is created when it is missing.
        case readWriteCreate = "rwc"
    }

    /// The URI SQLite reads for `path` opened with `access`.
    package static func uri(_ path: String, access: Access) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        // An empty authority before an absolute path: "file:///var/…", so "//x" stays a path.
        return (path.hasPrefix("/") ? "file://" : "file:") + encoded + "?mode=" + access.rawValue
    }

    /// Opens a connection and sets how long it waits for another connection's lock.
    /// - Parameters:
    ///   - busyTimeout: SQLiteNIO retries a lock for ever until this replaces its busy handler,
    ///     so it is set first.
    ///   - threadPool: Where SQLiteNIO runs the connection's calls into SQLite.
    /// - Throws: SQLiteNIO's `SQLiteError` when the file can't be opened.
    package static func open(_ path: String, access: Access, busyTimeout: Duration, threadPool: NIOThreadPool,
                     logger: Logger) async throws -> SQLiteConnection {
        let connection = try await SQLiteConnection.open(storage: .file(path: uri(path, access: access)), threadPool: threadPool,
                                                         logger: logger, on: MultiThreadedEventLoopGroup.singleton.any())
        do {
            let milliseconds = busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
            try await connection.query("PRAGMA busy_timeout = \(milliseconds)") { _ in }
            return connection
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Opens a file on a connection of its own, for the checks of backup and restore (no
    /// ``Database``: no lock file, no journal mode change), runs `body`, and closes it.
    /// - Throws: SQLiteNIO's `SQLiteError`, or what `body` throws.
    static func withConnection<T: Sendable>(_ path: String, access: Access, logger: Logger,
                                            _ body: @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let connection = try await open(path, access: access, busyTimeout: .seconds(2), threadPool: .singleton, logger: logger)
        let operation = SQLiteOperation()
        do {
            let result = try await body(SQLiteSession(connection: connection, operation: operation))
            operation.end()
            try await connection.close()
            return result
        } catch {
            operation.end()
            try? await connection.close()
            throw error
        }
    }
}
