import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations backups and restores share: ownership and modes, syncing, an atomic
/// rename, and files that may or may not exist.
enum BackupFiles {
    /// Makes an open file 0600 and, when run as root, gives it the owner of `folder` (the folder it
    /// is in), so a `sudo launchgate restore` or `backup` leaves files the service's own user can
    /// open, and no other local user can. Failures are ignored: a file this process doesn't own
    /// keeps the mode and owner it has.
    static func makePrivate(_ descriptor: Int32, ownedLike folder: String) {
        var owner = stat()
        if geteuid() == 0, stat(folder, &owner) == 0 { _ = fchown(descriptor, owner.st_uid, owner.st_gid) }
        _ = fchmod(descriptor, 0o600)
    }

    /// The folder a file is in.
    package static func folder(of path: String) -> String { URL(fileURLWithPath: path).deletingLastPathComponent().path }

    /// fsync(2) on the folder a file is in, so a rename into it survives a power cut.
    static func syncFolder(of path: String) {
        let descriptor = systemOpen(folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        systemClose(descriptor)
    }

    /// The size of a file, or `nil` when nothing is there (a dangling symlink counts as something: 0).
    package static func size(_ path: String) -> Int64? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }

    /// Copies everything `input` holds from its current offset to `output`, and syncs `output`.
    /// - Returns: `nil` when done, else what failed ("could not read: …"), for the caller's message.
    static func copyContents(from input: Int32, to output: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return "could not read: \(systemMessage(errno))" }
            if count == 0 { break }
            var written = 0
            while written < count {
                let done = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                if done < 0, errno == EINTR { continue }
                guard done > 0 else { return "could not write: \(systemMessage(errno))" }
                written += done
            }
        }
        return fsync(output) == 0 ? nil : "could not sync: \(systemMessage(errno))"
    }

    /// Removes files that may or may not exist.
    package static func remove(_ paths: String...) {
        for path in paths { _ = unlink(path) }
    }
}
