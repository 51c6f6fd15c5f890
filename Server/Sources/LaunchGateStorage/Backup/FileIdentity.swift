import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's device and inode: the same however the file is renamed or linked, and different for
/// any other file, so a name checked once can be checked again later. Compared while the file is
/// held open, so the inode can't be freed and reused meanwhile.
package struct FileIdentity: Equatable, Sendable {
    package let device: UInt64
    let inode: UInt64

    package init(_ info: stat) {
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }

    /// What `path` names now, itself (a symlink there is the symlink, not its target), or `nil`
    /// when nothing is there.
    package static func named(_ path: String) -> FileIdentity? {
        var info = stat()
        return lstat(path, &info) == 0 ? FileIdentity(info) : nil
    }

    /// Whether a descriptor of this process other than `excluded` refers to `identity`, read from
    /// the process's descriptor folder (`/proc/self/fd` on Linux, `/dev/fd` elsewhere) with
    /// `fstat`; `nil` when that folder can't be listed.
    ///
    /// It tells which file a library opened by name without asking the library: hold the file
    /// checked beforehand open as `excluded`, let the library open the name, and ask.
    static func isOpen(_ identity: FileIdentity, excluding excluded: Int32) -> Bool? {
        #if os(Linux)
        let folder = "/proc/self/fd"
        #else
        let folder = "/dev/fd"
        #endif
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        return names.contains { name in
            guard let descriptor = Int32(name), descriptor != excluded else { return false }
            return of(descriptor) == identity
        }
    }

    /// The file an open descriptor refers to.
    package static func of(_ descriptor: Int32) -> FileIdentity? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? FileIdentity(info) : nil
    }
}
