import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension MasterKey {
    /// The most a key file may hold: a real one is 44 bytes of base64, perhaps with a newline.
    static let maximumFileSize = 4096

    /// What reading the key file found.
    enum KeyFile {
        case contents(Data)
        /// Nothing at the path: the only case in which a new key may be made.
        case absent
    }

    /// Reads the key file with plain POSIX calls, so "absent" is exactly ENOENT and every other
    /// failure (permissions, a directory, a dangling link, I/O) is reported instead of guessed at.
    static func readKeyFile(_ path: String) throws -> KeyFile {
        let descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            guard code == ENOENT else { throw MasterKeyError.unreadable(path: path, reason: systemMessage(code)) }
            // open() follows links, so a link to a missing file says ENOENT too; that is not absent.
            var info = stat()
            if lstat(path, &info) == 0 {
                throw MasterKeyError.unreadable(path: path, reason: "it is a symbolic link to a file that does not exist")
            }
            return .absent
        }
        defer { systemClose(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw MasterKeyError.unreadable(path: path, reason: systemMessage(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw MasterKeyError.unreadable(path: path, reason: "it is not a regular file") }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 512)
        while data.count <= maximumFileSize {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw MasterKeyError.unreadable(path: path, reason: systemMessage(errno))
            }
            if count == 0 { return .contents(data) }
            data.append(contentsOf: buffer[0..<count])
        }
        throw MasterKeyError.malformed(source: "the master key file \(path)", reason: "it is larger than \(maximumFileSize) bytes")
    }

    /// Writes a new key file that appears whole or not at all, and never replaces anything.
    ///
    /// The key goes to a private temporary file (O_CREAT|O_EXCL, mode 0600 whatever the umask),
    /// which is then hard-linked to the path: link(2) fails when anything, even a dangling
    /// symbolic link, is already there, and a reader never sees a half-written key.
    /// - Returns: `false` when something appeared at the path meanwhile; read it instead.
    static func createKeyFile(_ path: String, contents: Data) throws -> Bool {
        let suffix = SystemRandomNumberGenerator.hex(8)
        let temporary = path + ".new-" + suffix
        let descriptor = systemOpen(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw MasterKeyError.notCreated(path: path, reason: systemMessage(errno)) }
        defer { unlink(temporary) }
        do {
            defer { systemClose(descriptor) }
            guard fchmod(descriptor, 0o600) == 0 else { throw MasterKeyError.notCreated(path: path, reason: systemMessage(errno)) }
            var written = 0
            let bytes = [UInt8](contents)
            while written < bytes.count {
                let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw MasterKeyError.notCreated(path: path, reason: systemMessage(errno))
                }
                written += count
            }
            guard fsync(descriptor) == 0 else { throw MasterKeyError.notCreated(path: path, reason: systemMessage(errno)) }
        }
        guard link(temporary, path) == 0 else {
            let code = errno
            if code == EEXIST { return false }
            throw MasterKeyError.notCreated(path: path, reason: systemMessage(code))
        }
        return true
    }
}
