import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``SessionStore`` in one file that only its owner can read (mode 0600, in a 0700 directory
/// when it makes the directory): the live store on Linux, and a choice on macOS.
///
/// Every write goes to a new temporary file created with mode 0600, is flushed to disk, and then
/// renamed over the old file, so the token is never readable by others, not even for a moment,
/// and a crash mid-write leaves the previous contents. A file that can't be read as a session
/// (damaged, or from a newer SDK) counts as empty: the user signs in again.
///
/// On iOS prefer `KeychainSessionStore` (Apple platforms only): the keychain encrypts at rest and keeps the session
/// out of backups.
public final class FileSessionStore: SessionStore, @unchecked Sendable {
    /// The file.
    public let url: URL
    private let lock = NSLock()

    /// Creates a store; nothing is read or written until it is used.
    /// - Parameter url: The file; its directory is made (mode 0700) when missing.
    public init(url: URL) { self.url = url }

    /// The default location: `LaunchGate/sign-in.json` in Application Support.
    /// - Parameter fileManager: The file manager to ask for the directory.
    /// - Returns: The file URL.
    public static func defaultURL(fileManager: FileManager = .default) -> URL {
        let base = fileManager.urls(for: .applicationSupportDirectory, in: .userDomainMask).first ?? fileManager.temporaryDirectory
        return base.appendingPathComponent("LaunchGate/sign-in.json")
    }

    /// The stored session.
    public func loadSession() throws -> SignInSession? { try lock.withLock { try read()?.session } }

    /// Stores a session, keeping the device ID.
    public func saveSession(_ session: SignInSession) throws {
        try lock.withLock {
            var stored = try read() ?? StoredSignIn()
            stored.session = session
            try persist(stored)
        }
    }

    /// Removes the session, keeping the device ID; removes the file when nothing is left in it.
    public func removeSession() throws {
        try lock.withLock {
            guard var stored = try read(), stored.session != nil else { return }
            stored.session = nil
            if stored.deviceID == nil {
                guard unlink(url.path) == 0 || errno == ENOENT else { throw Self.failure("remove", url) }
            } else {
                try persist(stored)
            }
        }
    }

    /// The stored device ID.
    public func loadDeviceID() throws -> DeviceID? { try lock.withLock { try read()?.deviceID } }

    /// Stores the device ID, keeping the session.
    public func saveDeviceID(_ deviceID: DeviceID) throws {
        try lock.withLock {
            var stored = try read() ?? StoredSignIn()
            stored.deviceID = deviceID
            try persist(stored)
        }
    }

    // MARK: File

    private func read() throws -> StoredSignIn? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw SignInError.storageFailed("\(url.lastPathComponent) can't be read: \(error.localizedDescription)")
        }
        return StoredSignIn.decode(data)
    }

    private func persist(_ stored: StoredSignIn) throws {
        let data = try StoredSignIn.encode(stored)
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SignInError.storageFailed("\(directory.path) can't be made: \(error.localizedDescription)")
        }
        // A unique name: another process (an app extension) may be writing beside this one.
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure("create", temporary) }
        // The umask can only take bits away, but make the mode exact whatever it is.
        var written = fchmod(descriptor, 0o600) == 0 && data.withUnsafeBytes { Self.writeAll(descriptor, $0) }
        written = written && fsync(descriptor) == 0
        close(descriptor)
        guard written, rename(temporary.path, url.path) == 0 else {
            let error = Self.failure("write", url)
            unlink(temporary.path)
            throw error
        }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    private static func failure(_ action: String, _ file: URL) -> SignInError {
        SignInError.storageFailed("can't \(action) \(file.lastPathComponent): \(String(cString: strerror(errno)))")
    }
}
