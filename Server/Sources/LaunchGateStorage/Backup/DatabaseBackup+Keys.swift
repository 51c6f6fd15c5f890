import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension DatabaseBackup {
    /// Refuses the master key file as a destination, even with `--force`: the configured key file
    /// (by path, or by device and inode through any other name) and any `*.key` file in the
    /// database's folder, where the key is kept by default. Replacing it would lose the only key that
    /// opens the signing keys.
    /// - Throws: ``BackupError`` `unsafeDestination`.
    static func requireNotKey(_ destination: String, database: String, masterKeyFile: String?) throws {
        let canonical = DatabaseFileLock.canonicalPath(destination)
        if let key = masterKeyFile {
            var keyInfo = stat(), target = stat()
            let sameFile = stat(key, &keyInfo) == 0 && stat(destination, &target) == 0
                && keyInfo.st_dev == target.st_dev && keyInfo.st_ino == target.st_ino
            if sameFile || canonical == DatabaseFileLock.canonicalPath(key) {
                throw BackupError.unsafeDestination(destination, reason: "it is the master key file \(key), which the backup would destroy; the key must be kept apart from the backups")
            }
        }
        let folder = BackupFiles.folder(of: canonical)
        if canonical.hasSuffix(".key"), folder == BackupFiles.folder(of: DatabaseFileLock.canonicalPath(database)) {
            throw BackupError.unsafeDestination(destination, reason: "a .key file beside the database is where the master key is kept; name the backup file otherwise, as in launchgate-backup.sqlite")
        }
    }
}
