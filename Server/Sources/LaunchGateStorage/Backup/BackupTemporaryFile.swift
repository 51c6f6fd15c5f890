import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written in a private folder of its own beside its final place, and renamed into it.
///
/// The folder, `.NAME.launchgate-PURPOSE-XXXXXX` beside `NAME`, is made by mkdtemp(3): 0700 and
/// owned by this process's user, so another user who can write the destination's folder (the
/// service's user, when root restores into its `StateDirectory`) can't swap the file SQLite writes
/// by name (`VACUUM INTO` opens it again) for a symlink to a file of their choosing. The file's
/// name in it is short, so a long destination name still fits. The folder is held under flock(2)
/// while it exists, so a later run can tell a leftover of a killed run (nobody holds it) from one
/// another run is writing now: ``removeStale(beside:purpose:olderThan:)`` removes only leftovers
/// of that pattern that nobody holds and that are older than the run (and, from older versions,
/// files named `.NAME.launchgate-PURPOSE-XXXXXXXX` with their `-journal`, `-wal` and `-shm`).
package final class BackupTemporaryFile {
    /// The file, for SQLite to write (inside the private folder).
    package let path: String
    /// The private folder.
    let folderPath: String
    /// A path for another file beside ``path``, in the same private folder, removed with it.
    var scratchPath: String { path + "-template" }
    /// A path for a copy of the input, beside ``path``, removed with it.
    var inputPath: String { path + "-input" }
    private let name: String
    private var folder: Int32
    private let created: stat
    /// Where SQLite writes when the destination's folder is writable by another user: a private
    /// folder in the system's temporary folder, copied into ``folderPath`` through descriptors.
    private var staging: (path: String, descriptor: Int32)?

    /// Makes the private folder and the empty file in it, and holds the folder.
    /// - Parameters:
    ///   - destination: The file it will replace.
    ///   - purpose: `backup` or `restore`, in the folder's name.
    /// - Throws: ``BackupError`` `failed` when it can't be made.
    package init(beside destination: String, purpose: String) throws {
        let parent = BackupFiles.folder(of: destination)
        let prefix = Self.prefix(for: destination, purpose: purpose)
        (folderPath, folder) = try Self.makeFolder(in: parent, prefix: prefix, for: destination)
        // Random, so a user who renames the folder away can't guess the name SQLite will open.
        name = "c" + UUID().uuidString.prefix(8).lowercased()
        do {
            created = try Self.makeFile(name, in: folder, shown: folderPath)
            if Self.isPrivate(parent) {
                staging = nil
                path = folderPath + "/" + name
            } else {
                // SQLite opens the copy by name, through the destination's folder, where whoever can
                // write it could rename the private folder away and put a symlink in its place.
                let made = try Self.makeFolder(in: Self.stagingParent, prefix: prefix, for: destination)
                staging = made
                path = made.path + "/" + name
                _ = try Self.makeFile(name, in: made.descriptor, shown: made.path)
            }
        } catch {
            Self.empty(folder)
            systemClose(folder)
            _ = rmdir(folderPath)
            throw error
        }
    }

    /// Renames the written file over `destination`, after checking it is the file made here (a
    /// regular file, ours, the same inode: written into, not replaced), making it 0600 with
    /// `owner` (when root; else the owner of the destination's folder), and syncing it, through
    /// one descriptor opened without following symlinks. Removes the private folder.
    /// - Parameters:
    ///   - replace: Whether a file at `destination` may be replaced; when not, the rename itself
    ///     refuses one (``move(_:in:toNew:useRename:)``), however late it appeared.
    ///   - beforeRename: Runs just before the rename, to check `destination` once more.
    /// - Throws: ``BackupError`` `failed`; `destinationExists` without `replace`; what `beforeRename` throws.
    package func install(as destination: String, owner: (uid: uid_t, gid: gid_t)? = nil, replace: Bool = true,
                 beforeRename: () throws -> Void = {}) throws {
        if let staging { try Self.copy(name, from: staging.descriptor, to: folder, shown: path) }
        let file = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { throw BackupError.failed("could not open \(folderPath)/\(name) to check it: \(systemMessage(errno))") }
        defer { systemClose(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
              info.st_dev == created.st_dev, info.st_ino == created.st_ino else {
            throw BackupError.failed("\(folderPath)/\(name) is not the file this run created (it was replaced); nothing was installed")
        }
        guard info.st_size > 0 else { throw BackupError.failed("\(folderPath)/\(name) is empty: the copy went elsewhere; nothing was installed") }
        if geteuid() == 0 {
            var folderInfo = stat()
            if let owner { _ = fchown(file, owner.uid, owner.gid) } else if stat(BackupFiles.folder(of: destination), &folderInfo) == 0 {
                _ = fchown(file, folderInfo.st_uid, folderInfo.st_gid)
            }
        }
        _ = fchmod(file, 0o600)
        guard fsync(file) == 0 else { throw BackupError.failed("could not sync \(path): \(systemMessage(errno))") }
        try beforeRename()
        if replace {
            guard renameat(folder, name, AT_FDCWD, destination) == 0 else {
                throw BackupError.failed("could not move \(path) to \(destination): \(systemMessage(errno))")
            }
        } else {
            let code = Self.move(name, in: folder, toNew: destination)
            if code == EEXIST { throw BackupError.destinationExists(destination) }
            guard code == 0 else { throw BackupError.failed("could not move \(path) to \(destination): \(systemMessage(code))") }
        }
        BackupFiles.syncFolder(of: destination)
        discard()
    }

    /// Removes the private folder and what is in it (the file, if not renamed into place, and what
    /// SQLite left beside it), and lets it go.
    func discard() {
        if let staging {
            Self.empty(staging.descriptor)
            systemClose(staging.descriptor)
            _ = rmdir(staging.path)
            self.staging = nil
        }
        guard folder >= 0 else { return }
        Self.empty(folder)
        // Only the folder made here: compared with the one held, by device and inode. Renamed
        // away by whoever can write the folder it is in, it is looked for there.
        if let held = FileIdentity.of(folder), FileIdentity.named(folderPath) == held {
            _ = rmdir(folderPath)
        } else {
            Self.removeRenamed(folder, in: BackupFiles.folder(of: folderPath))
        }
        close()
    }

    /// Lets it go.
    package func close() {
        guard folder >= 0 else { return }
        systemClose(folder)
        folder = -1
    }

    deinit { discard() }

    /// The start of every temporary name for `destination`: its name cut to 200 bytes, so the
    /// whole stays within the 255 bytes a name may have.
    package static func prefix(for destination: String, purpose: String) -> String {
        var name = Substring(URL(fileURLWithPath: destination).lastPathComponent)
        while name.utf8.count > 200 { name.removeLast() }
        return ".\(name).launchgate-\(purpose)-"
    }

    /// Removes what is in a private folder (a handful of files: the copy and SQLite's companions).
    package static func empty(_ folder: Int32) {
        let copy = dup(folder)
        guard copy >= 0, let stream = fdopendir(copy) else { return }
        defer { closedir(stream) }
        var names: [String] = []
        while names.count < 64, let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != ".", name != ".." { names.append(name) }
        }
        for name in names { _ = unlinkat(folder, name, 0) }
    }

    /// Removes leftovers of killed runs for `destination`: private folders (and older versions'
    /// files) named like ours, that no running backup or restore holds, last changed before `start`.
    /// - Returns: The paths removed, to tell the operator.
    static func removeStale(beside destination: String, purpose: String, olderThan start: Date) -> [String] {
        let prefix = prefix(for: destination, purpose: purpose)
        var removed: [String] = []
        for folder in [BackupFiles.folder(of: destination), stagingParent] {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            removed += removeStale(in: folder, names: names, prefix: prefix, olderThan: start)
        }
        return removed.sorted()
    }

    private static func removeStale(in folder: String, names: [String], prefix: String, olderThan start: Date) -> [String] {
        var removed: [String] = []
        // Bounded: a folder of millions of files is not worth more than a look at the first ones.
        for name in names.prefix(100_000) where name.hasPrefix(prefix) {
            var base = name
            for suffix in ["-journal", "-wal", "-shm"] where base.hasSuffix(suffix) { base.removeLast(suffix.count) }
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            let basePath = URL(fileURLWithPath: folder).appendingPathComponent(base).path
            if let held = staleFolder(path, olderThan: start) {
                empty(held)
                systemClose(held)
                if rmdir(path) == 0 { removed.append(path) }
                continue
            }
            guard isStale(basePath, olderThan: start), isStale(path, olderThan: start) else { continue }
            if unlink(path) == 0 { removed.append(path) }
        }
        return removed
    }

    /// A private folder of ours (this user's, 0700) that nobody holds, changed before `start`:
    /// its descriptor, still locked, for emptying.
    private static func staleFolder(_ path: String, olderThan start: Date) -> Int32? {
        let descriptor = systemOpen(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o077 == 0,
              changed(info) < start.timeIntervalSince1970.rounded(.down), flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            systemClose(descriptor)
            return nil
        }
        return descriptor
    }

    /// A regular file nobody holds (flock), changed before `start`; or absent, for a companion
    /// whose main file is gone. Opened first, without following a symlink or waiting on a FIFO,
    /// and checked through the descriptor, so what is checked is what is locked.
    private static func isStale(_ path: String, olderThan start: Date) -> Bool {
        let descriptor = systemOpen(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT }
        defer { systemClose(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              changed(info) < start.timeIntervalSince1970.rounded(.down) else { return false }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    private static func changed(_ info: stat) -> Double {
        #if canImport(Darwin)
        Double(info.st_mtimespec.tv_sec)
        #else
        Double(info.st_mtim.tv_sec)
        #endif
    }
}
