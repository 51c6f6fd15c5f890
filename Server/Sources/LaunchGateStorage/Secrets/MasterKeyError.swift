/// Why the master key could not be loaded, created or used.
///
/// A struct over a private enum (as Hummingbird's `PersistError`), so cases can be added without
/// breaking callers. It carries no HTTP status: the server maps ``reason`` to one in one place.
///
/// ```swift
/// do { key = try MasterKey.load(environmentValue: nil, file: url, create: true) }
/// catch let error as MasterKeyError where error.reason == .unreadable { print(error) }
/// ```
public struct MasterKeyError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for matching; the message says it to a person.
    public struct Reason: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case missing, unreadable, malformed, notCreated, wrongKey, sealingFailed
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// There is no key file and none may be created here.
        public static let missing = Reason(.missing)
        /// The key file exists but can't be read (permissions, a directory, a dangling link…).
        public static let unreadable = Reason(.unreadable)
        /// The key is not base64 of exactly 32 bytes.
        public static let malformed = Reason(.malformed)
        /// A new key file could not be created.
        public static let notCreated = Reason(.notCreated)
        /// The key does not open the stored signing key: it is not the one the key was sealed with.
        public static let wrongKey = Reason(.wrongKey)
        /// Sealing a new signing key failed.
        public static let sealingFailed = Reason(.sealingFailed)

        /// A stable name, such as `wrong-key`.
        public var description: String {
            switch base {
            case .notCreated: "not-created"
            case .wrongKey: "wrong-key"
            case .sealingFailed: "sealing-failed"
            default: base.rawValue
            }
        }
    }

    /// What went wrong.
    public let reason: Reason
    /// What happened, naming the file or variable, and what to do about it.
    public let message: String

    private init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// No key file at `path`, and this command may not create one.
    package static func missing(path: String) -> MasterKeyError {
        MasterKeyError(.missing, "no master key: set LAUNCHGATE_MASTER_KEY or run 'launchgate keys generate' to create \(path)")
    }

    /// No key file at `path`, while the database holds a signing key sealed with a master key.
    package static func lost(path: String) -> MasterKeyError {
        MasterKeyError(.missing, "no master key at \(path), but the database holds a signing key sealed with one; restore the key file from your backup or set LAUNCHGATE_MASTER_KEY. No new key was made: it could not open the signing key that apps pin")
    }

    /// The file at `path` exists but can't be read; `reason` is the system's.
    package static func unreadable(path: String, reason: String) -> MasterKeyError {
        MasterKeyError(.unreadable, "the master key file \(path) exists but can't be read (\(reason)); fix it or point --master-key-file at the right file. It was left untouched: a new key would lock out the sealed signing keys")
    }

    /// The key in `source` is not base64 of 32 bytes.
    package static func malformed(source: String, reason: String) -> MasterKeyError {
        MasterKeyError(.malformed, "\(source) is not a master key: \(reason); it must hold base64 of 32 random bytes. It was left untouched")
    }

    /// A new key file at `path` could not be made.
    package static func notCreated(path: String, reason: String) -> MasterKeyError {
        MasterKeyError(.notCreated, "could not create the master key file \(path) (\(reason))")
    }

    /// The key from `source` does not open the active signing key.
    package static func wrongKey(source: String) -> MasterKeyError {
        MasterKeyError(.wrongKey, "the master key from \(source) does not open the stored signing key; use the LAUNCHGATE_MASTER_KEY or key file the signing key was made with (apps pin its public key, so a new one would not be trusted)")
    }

    /// AES-GCM refused to seal.
    package static let sealingFailed = MasterKeyError(.sealingFailed, "sealing the signing key with the master key failed")
}
