import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations backups and restores share: private temporary files beside their final
/// place, syncing, and an atomic rename.
enum BackupFiles {
    /// A new name beside `path`, hidden, for a file written before it is renamed into place.
    static func temporaryPath(beside path: String, purpose: String) -> String {
        let url = URL(fileURLWithPath: path)
        let name = ".\(url.lastPathComponent).\(purpose)-\(UUID().uuidString.prefix(8).lowercased())"
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Copies `source` into `destination`, a new file made 0600, and syncs it.
    /// - Throws: ``BackupError`` `failed`.
    static func copyPrivately(_ source: String, to destination: String) throws {
        try Database.createPrivateFile(destination)
        guard let input = FileHandle(forReadingAtPath: source) else { throw BackupError.noFile(source) }
        defer { try? input.close() }
        do {
            let output = try FileHandle(forWritingTo: URL(fileURLWithPath: destination))
            defer { try? output.close() }
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                try output.write(contentsOf: chunk)
            }
            try output.synchronize()
        } catch {
            throw BackupError.failed("could not copy \(source) to \(destination): \(error.localizedDescription)")
        }
    }

    /// Gives `path` the owner of `reference` (the database being replaced, or its folder) when run
    /// as root, so a restore by `sudo` leaves a file the service's own user can open.
    static func matchOwner(of path: String, to reference: String) {
        var owner = stat()
        guard geteuid() == 0, stat(reference, &owner) == 0 else { return }
        _ = chown(path, owner.st_uid, owner.st_gid)
    }

    /// fsync(2) on a file, so its contents are on disk before it is renamed into place.
    static func sync(_ path: String) throws {
        let descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw BackupError.failed("could not open \(path) to sync it: \(systemMessage(errno))") }
        defer { systemClose(descriptor) }
        guard fsync(descriptor) == 0 else { throw BackupError.failed("could not sync \(path): \(systemMessage(errno))") }
    }

    /// Renames `source` over `destination` in one step (both in one folder), then syncs the folder
    /// so the rename survives a power cut.
    static func replace(_ destination: String, with source: String) throws {
        guard rename(source, destination) == 0 else {
            throw BackupError.failed("could not move \(source) to \(destination): \(systemMessage(errno))")
        }
        let folder = URL(fileURLWithPath: destination).deletingLastPathComponent().path
        let descriptor = systemOpen(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        systemClose(descriptor)
    }

    /// Removes files that may or may not exist.
    static func remove(_ paths: String...) {
        for path in paths { _ = unlink(path) }
    }
}
