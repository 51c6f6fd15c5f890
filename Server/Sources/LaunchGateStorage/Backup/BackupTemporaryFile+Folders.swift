import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension BackupTemporaryFile {
    /// Where a copy is staged when the destination's folder is not private: `TMPDIR` when it is a
    /// safe parent, else `/tmp`. `TMPDIR` is whatever the caller's environment says (`sudo -E`
    /// keeps another user's): a folder that user owns would let them swap root's private folder
    /// for a symlink and collect the whole database.
    static var stagingParent: String {
        let configured = FileManager.default.temporaryDirectory.path
        return isSafeStagingParent(configured) ? configured : "/tmp"
    }

    /// Whether nobody but this user (or root) can rename a folder this process makes in `folder`:
    /// a real directory (not a symlink), owned by root or this user, and either writable by its
    /// owner alone or sticky, like `/tmp`.
    static func isSafeStagingParent(_ folder: String) -> Bool {
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        guard info.st_uid == 0 || info.st_uid == geteuid() else { return false }
        return info.st_mode & 0o022 == 0 || info.st_mode & S_ISVTX != 0
    }

    /// Whether only this process's user can change what is in `folder` (its owner, not writable by
    /// group or others): then nobody can swap a private folder made in it.
    static func isPrivate(_ folder: String) -> Bool {
        var info = stat()
        return stat(folder, &info) == 0 && info.st_uid == geteuid() && info.st_mode & 0o022 == 0
    }

    /// Makes a private folder with mkdtemp(3) (0700, this user's) in `parent`, opened and held.
    /// - Throws: ``BackupError`` `cantCreate` (the folder can't be written), `failed`.
    static func makeFolder(in parent: String, prefix: String, for destination: String) throws -> (path: String, descriptor: Int32) {
        var template = Array(URL(fileURLWithPath: parent).appendingPathComponent(prefix + "XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else {
            throw BackupError.cantCreate("could not create a temporary folder in \(parent) for \(destination): \(systemMessage(errno)); nothing was written")
        }
        let path = String(cString: made)
        let descriptor = systemOpen(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o077 == 0 else {
            let message = systemMessage(errno)
            if descriptor >= 0 { systemClose(descriptor) }
            _ = rmdir(path)
            throw BackupError.failed("could not open the temporary folder \(path) as made: \(message)")
        }
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
        return (path, descriptor)
    }

    /// Creates the empty 0600 file `name` in a held folder. - Returns: Its facts (device, inode).
    static func makeFile(_ name: String, in folder: Int32, shown: String) throws -> stat {
        let file = openat(folder, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        var info = stat()
        guard file >= 0, fstat(file, &info) == 0 else {
            let message = systemMessage(errno)
            if file >= 0 { systemClose(file) }
            throw BackupError.failed("could not create the temporary file \(shown)/\(name): \(message)")
        }
        systemClose(file)
        return info
    }

    /// Copies `name` from one held folder into the file of that name in another, through
    /// descriptors only (no path is followed), and syncs it.
    package static func copy(_ name: String, from source: Int32, to target: Int32, shown: String) throws {
        let input = openat(source, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else { throw BackupError.failed("could not open \(shown): \(systemMessage(errno))") }
        defer { systemClose(input) }
        var info = stat()
        guard fstat(input, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else {
            throw BackupError.failed("\(shown) is not the file this run created; nothing was installed")
        }
        let output = openat(target, name, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)
        guard output >= 0 else { throw BackupError.failed("could not open the copy of \(shown): \(systemMessage(errno))") }
        defer { systemClose(output) }
        if let problem = BackupFiles.copyContents(from: input, to: output) {
            throw BackupError.failed("could not copy \(shown) into place: \(problem)")
        }
    }
}
