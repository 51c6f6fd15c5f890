import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock on a file beside a SQLite database (`launchgate.sqlite.lock`), so that the
/// database is never replaced under a process that has it open.
///
/// Every ``Database`` opened on a SQLite file holds it shared until it is closed: `serve`, other
/// instances on the same file, and every CLI command. `launchgate restore` takes it exclusively,
/// so it is refused while anything has the database open, and anything that opens the database
/// while a restore runs is refused until it has finished. A flock(2) lock belongs to the open file:
/// a process that dies, even by SIGKILL, releases it with its descriptors, so a lock is never stale
/// and the file is never removed (removing it would let two processes lock two different files).
final class DatabaseFileLock: Sendable {
    private let descriptor: Mutex<Int32>

    private init(descriptor: Int32) {
        self.descriptor = Mutex(descriptor)
    }

    /// The lock file for a database file.
    static func path(for databasePath: String) -> String { databasePath + ".lock" }

    /// Takes the lock shared, as every process using the database does.
    /// - Throws: ``StorageError`` `unavailable` while a restore holds it, `fileNotCreated` when
    ///   the lock file can't be made.
    static func shared(for databasePath: String) throws -> DatabaseFileLock {
        guard let lock = try take(for: databasePath, operation: LOCK_SH) else {
            throw StorageError.unavailable("\(databasePath) is being replaced by 'launchgate restore'; try again when it has finished")
        }
        return lock
    }

    /// Takes the lock exclusively, without waiting.
    /// - Returns: `nil` when another process holds it: a server, or a command, has the database open.
    /// - Throws: ``StorageError`` `fileNotCreated` when the lock file can't be made.
    static func exclusive(for databasePath: String) throws -> DatabaseFileLock? {
        try take(for: databasePath, operation: LOCK_EX)
    }

    private static func take(for databasePath: String, operation: Int32) throws -> DatabaseFileLock? {
        let path = path(for: databasePath)
        // 0600 like the database; it holds nothing, but there is no reason for others to open it.
        let descriptor = systemOpen(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StorageError.fileNotCreated(path: path, reason: systemMessage(errno)) }
        // Root (an operator's `sudo launchgate backup`) gives the file the database's owner, as
        // SQLite does for -wal and -shm, or the service's own user could no longer open it.
        var database = stat()
        if geteuid() == 0, stat(databasePath, &database) == 0 { _ = fchown(descriptor, database.st_uid, database.st_gid) }
        while flock(descriptor, operation | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            systemClose(descriptor)
            if code == EWOULDBLOCK { return nil }
            throw StorageError.fileNotCreated(path: path, reason: "could not lock it: \(systemMessage(code))")
        }
        return DatabaseFileLock(descriptor: descriptor)
    }

    /// Releases the lock (closing the file releases it); later calls do nothing.
    func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            systemClose(descriptor)
            descriptor = -1
        }
    }

    deinit {
        release()
    }
}
