import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Database {
    /// Creates the SQLite file with mode 0600, whatever the umask, before SQLite opens it.
    ///
    /// It holds token hashes and sealed keys. SQLite gives the `-wal` and `-shm` files it makes
    /// later the main file's mode, so they are private too. An existing file is left as it is.
    /// - Throws: ``StorageError`` `fileNotCreated`.
    static func createPrivateFile(_ path: String) throws {
        let descriptor = systemOpen(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST { return }
            throw StorageError.fileNotCreated(path: path, reason: systemMessage(code))
        }
        defer { systemClose(descriptor) }
        // open() applies the umask to 0600, which can only remove bits; fchmod makes it exact.
        guard fchmod(descriptor, 0o600) == 0 else {
            throw StorageError.fileNotCreated(path: path, reason: systemMessage(errno))
        }
    }
}
