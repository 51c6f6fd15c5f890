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
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }

    /// What `path` names now, itself (a symlink there is the symlink, not its target), or `nil`
    /// when nothing is there.
    static func named(_ path: String) -> FileIdentity? {
        var info = stat()
        return lstat(path, &info) == 0 ? FileIdentity(info) : nil
    }

    /// The file an open descriptor refers to.
    static func of(_ descriptor: Int32) -> FileIdentity? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? FileIdentity(info) : nil
    }
}
