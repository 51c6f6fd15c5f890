import Foundation
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
///
/// The lock file's path comes from the database's canonical path (``canonicalPath(_:)``), so a
/// symlinked folder or a `..` leads every process to the same file. After locking, the locked file
/// is compared with what the path names now (device and inode): a lock on a file that was removed
/// or replaced meanwhile protects nothing, so it is taken again on the new file.
final class DatabaseFileLock: Sendable {
    private let descriptor: Mutex<Int32>

    private init(descriptor: Int32) {
        self.descriptor = Mutex(descriptor)
    }

    /// How many times a lock on a file replaced under it is taken again before giving up.
    package static let attempts = 5

    /// The lock file for a database file, beside its canonical path.
    package static func path(for databasePath: String) -> String { canonicalPath(databasePath) + ".lock" }

    /// The database's path with symlinks, `.` and `..` resolved: realpath(3) of the file when it
    /// exists (SQLite follows a symlinked database file too, and keeps `-wal` beside the target),
    /// otherwise of its folder, with the file's name appended. Unchanged when neither resolves.
    static func canonicalPath(_ path: String) -> String {
        if let resolved = realPath(path) { return resolved }
        let url = URL(fileURLWithPath: path)
        guard let folder = realPath(url.deletingLastPathComponent().path) else { return path }
        return URL(fileURLWithPath: folder).appendingPathComponent(url.lastPathComponent).path
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Takes the lock shared, as every process using the database does.
    /// - Throws: ``StorageError`` `busy` while a restore holds it, `fileNotCreated` when the lock
    ///   file can't be made or locked.
    package static func shared(for databasePath: String) throws -> DatabaseFileLock {
        guard let lock = try take(for: databasePath, operation: LOCK_SH) else {
            throw StorageError.busy("\(databasePath) is being replaced by 'launchgate restore' (it holds \(path(for: databasePath))); try again when it has finished")
        }
        return lock
    }

    /// Takes the lock exclusively, without waiting.
    /// - Returns: `nil` when another process holds it: a server, or a command, has the database open.
    /// - Throws: ``StorageError`` `fileNotCreated` when the lock file can't be made or locked.
    /// - Parameter afterOpen: Runs between opening the lock file and locking it, for tests of
    ///   the race in which another process replaces the file there.
    static func exclusive(for databasePath: String, afterOpen: (Int) -> Void = { _ in }) throws -> DatabaseFileLock? {
        try take(for: databasePath, operation: LOCK_EX, afterOpen: afterOpen)
    }

    private static func take(for databasePath: String, operation: Int32, afterOpen: (Int) -> Void = { _ in }) throws -> DatabaseFileLock? {
        try requireContained(databasePath)
        let path = path(for: databasePath)
        for attempt in 0..<attempts {
            let descriptor = try openLockFile(path)
            afterOpen(attempt)
            while flock(descriptor, operation | LOCK_NB) != 0 {
                let code = errno
                if code == EINTR { continue }
                systemClose(descriptor)
                if code == EWOULDBLOCK { return nil }
                throw StorageError.fileNotCreated(path: path, reason: "flock: \(systemMessage(code))", what: "lock file")
            }
            // The file may have been removed (by hand, or by a tidy-up) or replaced between open and
            // flock: a lock on a file the path no longer names is no lock at all.
            var locked = stat(), named = stat()
            if fstat(descriptor, &locked) == 0, lstat(path, &named) == 0, locked.st_dev == named.st_dev, locked.st_ino == named.st_ino {
                return DatabaseFileLock(descriptor: descriptor)
            }
            systemClose(descriptor)
        }
        throw StorageError.busy("\(path) kept being removed or replaced while it was being locked; stop whatever deletes it, then try again")
    }

    /// Opens the lock file, creating it 0600 (owned like its folder under root) when it is missing.
    /// An existing lock keeps its owner and mode: a `sudo launchgate backup` in a folder the service
    /// shares through its group must not take the lock away from the service.
    /// O_NOFOLLOW: a symlink planted at the lock's path would make root create or chmod its target;
    /// O_NONBLOCK: a FIFO there would block the open forever. Only a regular file is a lock.
    private static func openLockFile(_ path: String) throws -> Int32 {
        let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        var created = true
        // Read-only is enough for flock(2), and lets the service lock a file it may not write.
        var descriptor = systemOpen(path, flags | O_CREAT | O_EXCL, 0o600)
        if descriptor < 0, errno == EEXIST {
            created = false
            descriptor = systemOpen(path, flags)
        }
        guard descriptor >= 0 else {
            let code = errno
            let reason = code == ELOOP ? "it is a symlink; remove it, the lock must be a regular file" : systemMessage(code)
            throw StorageError.fileNotCreated(path: path, reason: reason, what: "lock file")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            systemClose(descriptor)
            throw StorageError.fileNotCreated(path: path, reason: "it is not a regular file; remove it", what: "lock file")
        }
        if created { BackupFiles.makePrivate(descriptor, ownedLike: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        return descriptor
    }

    /// Refuses a database file that is a symlink to a file in another folder: its lock, `-wal` and
    /// `-journal` would be made there, by root too (a service user's symlink to a root-only file
    /// would make a root command create and lock files beside that file). A symlink to a file in
    /// the same folder is fine: everything stays in the folder given.
    /// - Throws: ``StorageError`` `invalidLocation`.
    static func requireContained(_ databasePath: String) throws {
        var info = stat()
        guard lstat(databasePath, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return }
        let folder = URL(fileURLWithPath: databasePath).deletingLastPathComponent().path
        guard let resolved = realPath(databasePath), let resolvedFolder = realPath(folder),
              URL(fileURLWithPath: resolved).deletingLastPathComponent().path == resolvedFolder else {
            throw StorageError.invalidLocation("\(databasePath) is a symlink to a file outside its folder \(folder) (or to nothing); name the database file itself, so its lock and journal stay beside it")
        }
    }

    /// Releases the lock (closing the file releases it); later calls do nothing.
    package func release() {
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
