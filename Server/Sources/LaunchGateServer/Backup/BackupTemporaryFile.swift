import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A hidden file written beside its final place and renamed into it, held under flock(2) while
/// it exists, so a later run can tell a leftover from a killed run (nobody holds it) from a file
/// another run is writing now.
///
/// Named `.NAME.launchgate-PURPOSE-XXXXXXXX` beside `NAME`: ``removeStale(beside:purpose:olderThan:)``
/// removes only files of that pattern that nobody holds and that are older than the run, with the
/// `-journal`, `-wal` and `-shm` SQLite may have left beside them.
final class BackupTemporaryFile {
    /// Its path.
    let path: String
    private var descriptor: Int32

    /// Creates the file, empty and 0600 (owned like its folder under root), and holds it.
    /// - Parameters:
    ///   - destination: The file it will replace.
    ///   - purpose: `backup` or `restore`, in the name.
    /// - Throws: ``BackupError`` `failed` when it can't be made.
    init(beside destination: String, purpose: String) throws {
        let folder = BackupFiles.folder(of: destination)
        let name = Self.prefix(for: destination, purpose: purpose) + UUID().uuidString.prefix(8).lowercased()
        path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
        descriptor = systemOpen(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw BackupError.failed("could not create the temporary file \(path): \(systemMessage(errno))")
        }
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
        BackupFiles.makePrivate(descriptor, ownedLike: folder)
    }

    /// Removes the file and what SQLite left beside it, if it was not renamed into place, and lets it go.
    func discard() {
        BackupFiles.remove(path, path + "-journal", path + "-wal", path + "-shm")
        close()
    }

    /// Lets it go (after it was renamed into place, or discarded).
    func close() {
        guard descriptor >= 0 else { return }
        systemClose(descriptor)
        descriptor = -1
    }

    deinit { close() }

    /// The start of every temporary name for `destination`.
    static func prefix(for destination: String, purpose: String) -> String {
        ".\(URL(fileURLWithPath: destination).lastPathComponent).launchgate-\(purpose)-"
    }

    /// Removes leftovers of killed runs for `destination`: files named like ours, that no running
    /// backup or restore holds, last changed before `start`.
    /// - Returns: The paths removed, to tell the operator.
    static func removeStale(beside destination: String, purpose: String, olderThan start: Date) -> [String] {
        let folder = BackupFiles.folder(of: destination)
        let prefix = prefix(for: destination, purpose: purpose)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        // Bounded: a folder of millions of files is not worth more than a look at the first ones.
        for name in names.prefix(100_000) where name.hasPrefix(prefix) {
            var base = name
            for suffix in ["-journal", "-wal", "-shm"] where base.hasSuffix(suffix) { base.removeLast(suffix.count) }
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            let basePath = URL(fileURLWithPath: folder).appendingPathComponent(base).path
            guard isStale(basePath, olderThan: start), isStale(path, olderThan: start) else { continue }
            if unlink(path) == 0 { removed.append(path) }
        }
        return removed.sorted()
    }

    /// A regular file nobody holds (flock), changed before `start`; or absent, for a companion
    /// whose main file is gone.
    private static func isStale(_ path: String, olderThan start: Date) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT }
        #if canImport(Darwin)
        let changed = info.st_mtimespec.tv_sec
        #else
        let changed = info.st_mtim.tv_sec
        #endif
        guard info.st_mode & S_IFMT == S_IFREG, Double(changed) < start.timeIntervalSince1970.rounded(.down) else { return false }
        let descriptor = systemOpen(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { systemClose(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }
}
