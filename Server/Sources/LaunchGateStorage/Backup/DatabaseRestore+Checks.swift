import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension DatabaseRestore {
    /// Opens the backup to restore, refusing one that is missing, unreadable, or not a regular
    /// file (a FIFO would block the restore, holding the database's lock, until someone writes to
    /// it). Opened without waiting; the restore reads it through this descriptor only, so a file
    /// swapped in by name afterwards is never opened.
    /// - Returns: The open descriptor, for the caller to close.
    /// - Throws: ``BackupError`` `noFile`, `notADatabase`.
    static func openInput(_ file: String) throws -> Int32 {
        let descriptor = systemOpen(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw BackupError.noFile(file) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            systemClose(descriptor)
            throw BackupError.notADatabase(file: file, reason: "it is not a regular file")
        }
        return descriptor
    }

    /// Checks what a restore would replace, before anything is done: the folder must exist, and the
    /// database, if there, must be a regular file itself (not a symlink: whoever owns the folder
    /// could point it at any file, and root would rename the restored copy over that file), owned
    /// by the folder's owner or by the user restoring.
    /// - Returns: The database's facts (for its owner), or `nil` when there is none yet.
    /// - Throws: ``BackupError`` `noDatabaseFolder`, `unsafeDatabase`.
    static func checkTarget(_ path: String) throws -> stat? {
        let folderPath = BackupFiles.folder(of: path)
        var folder = stat()
        guard stat(folderPath, &folder) == 0, folder.st_mode & S_IFMT == S_IFDIR else { throw BackupError.noDatabaseFolder(path) }
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK:
            throw BackupError.unsafeDatabase(path, reason: "it is a symlink; a restore replaces only the database file itself, so name the file it points to (if that is the database)")
        default: throw BackupError.unsafeDatabase(path, reason: "it is not a regular file")
        }
        guard info.st_uid == folder.st_uid || info.st_uid == geteuid() else {
            throw BackupError.unsafeDatabase(path, reason: "it is owned by user \(info.st_uid), neither the owner of its folder (\(folder.st_uid)) nor you; a file the service didn't make there is not its database")
        }
        return info
    }

    /// Refuses when `path` no longer names the file checked when the restore began (`expected`,
    /// or nothing when there was none): whoever can write the folder could have swapped it for a
    /// symlink or another file since, and root would then work on that file.
    /// - Throws: ``BackupError`` `unsafeDatabase`.
    static func requireUnchanged(_ path: String, _ expected: FileIdentity?, shownAs shown: String) throws {
        guard FileIdentity.named(path) == expected else { throw replaced(shown, expected: expected) }
    }

    /// Opens the database without following a symlink and checks that it is the file checked when
    /// the restore began: held open while it is worked on, so its inode can't be reused meanwhile.
    /// - Returns: The descriptor, for the caller to close.
    /// - Throws: ``BackupError`` `unsafeDatabase`.
    static func openUnchanged(_ path: String, _ expected: FileIdentity, shownAs shown: String) throws -> Int32 {
        let descriptor = systemOpen(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, FileIdentity(info) == expected else {
            if descriptor >= 0 { systemClose(descriptor) }
            throw replaced(shown, expected: expected)
        }
        return descriptor
    }

    /// What a restore says when the database was swapped while it ran.
    package static func replaced(_ shown: String, expected: FileIdentity?) -> BackupError {
        BackupError.unsafeDatabase(shown, reason: expected == nil
            ? "something appeared there while the restore ran, where there was no database when it began"
            : "it is no longer the regular file it was when the restore began (it was replaced, by a symlink or another file, while the restore ran)")
    }

    /// Keeps the settled database (self-contained: its `-wal` was checkpointed) under a second
    /// name, `NAME.before-restore-YYYYMMDD-HHMMSS` beside it, so a restore of the wrong backup can be
    /// undone. A hard link: no copy, no room needed; made 0600.
    /// - Returns: The name it is kept under, as the operator gave the database's path.
    /// - Throws: ``BackupError`` `failed` when it can't be made (nothing was replaced yet).
    package static func keep(_ path: String, shownAs shown: String, at time: Date, expected: FileIdentity) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stamp = ".before-restore-" + formatter.string(from: time)
        var suffix = stamp
        // Two restores in one second: -2, -3… (bounded).
        for attempt in 2...100 {
            if link(path, path + suffix) == 0 { break }
            guard errno == EEXIST, attempt < 100 else {
                throw BackupError.failed("could not keep \(shown) as \(shown + suffix) before replacing it: \(systemMessage(errno)); nothing was changed")
            }
            suffix = stamp + "-\(attempt)"
        }
        // Through a descriptor opened without following links, and only the file checked: whoever
        // can write the folder could have swapped the database for a symlink or another file's
        // hard link, and chmod by name would change that file as root.
        let kept: Int32
        do { kept = try openUnchanged(path + suffix, expected, shownAs: shown) } catch {
            unlink(path + suffix)
            throw error
        }
        defer { systemClose(kept) }
        _ = fchmod(kept, 0o600)
        return shown + suffix
    }
}
