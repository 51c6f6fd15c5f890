import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension BackupTemporaryFile {
    /// renameat2(2), looked up at run time: glibc has it since 2.28, but Swift's Glibc module
    /// doesn't declare it, and musl and macOS have none.
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32
    private static let renameat2: RenameAt2? = {
        #if os(Linux)
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
        #else
        return nil
        #endif
    }()

    /// Linux's RENAME_NOREPLACE.
    private static let noReplace: UInt32 = 1

    /// Moves `name` in `folder` to `destination` only if nothing is there, atomically: a file made
    /// there after any earlier check (by another backup, or another user) is never replaced.
    /// renameat2(2) with RENAME_NOREPLACE; where the system or the file system lacks it, link(2)
    /// then unlink(2), as link never replaces either.
    /// - Parameter useRename: `false` takes the link(2) way, for tests of it.
    /// - Returns: 0, or the errno of the failure (`EEXIST` when something is at `destination`).
    package static func move(_ name: String, in folder: Int32, toNew destination: String, useRename: Bool = true) -> Int32 {
        if useRename, let renameat2 {
            if renameat2(folder, name, AT_FDCWD, destination, noReplace) == 0 { return 0 }
            // EINVAL: a file system without the flag; ENOSYS: a kernel before 3.15.
            guard errno == EINVAL || errno == ENOSYS else { return errno }
        }
        guard linkat(folder, name, AT_FDCWD, destination, 0) == 0 else { return errno }
        _ = unlinkat(folder, name, 0)
        return 0
    }

    /// Removes the (emptied) private folder held as `held` after it was renamed within `parent`,
    /// found there by device and inode: whoever can write `parent` may rename it, and it would be
    /// left behind under a name no cleanup matches. Only an empty folder is removed (rmdir), and
    /// only one that is the folder held. One renamed into another folder is not looked for.
    static func removeRenamed(_ held: Int32, in parent: String) {
        guard let identity = FileIdentity.of(held) else { return }
        let descriptor = systemOpen(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { systemClose(descriptor) }
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { systemClose(copy) }
            return
        }
        defer { closedir(stream) }
        // Bounded, like the search for leftovers: a folder of millions of files gets a first look.
        var looked = 0
        while looked < 100_000, let entry = readdir(stream) {
            looked += 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            var info = stat()
            guard name != ".", name != "..", fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
                  info.st_mode & S_IFMT == S_IFDIR, FileIdentity(info) == identity else { continue }
            _ = unlinkat(descriptor, name, AT_REMOVEDIR)
            return
        }
    }
}
