/// Why the database could not be opened, reached or read.
///
/// A struct over a private enum (as Hummingbird's `PersistError`), so cases can be added without
/// breaking callers. It carries no HTTP status: the server maps ``reason`` to one in one place
/// (``Reason/unavailable`` is the one a client should retry later).
///
/// ```swift
/// catch let error as StorageError where error.reason == .unavailable { /* 503, retry later */ }
/// ```
public struct StorageError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for matching; the message says it to a person.
    public struct Reason: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case invalidLocation, unavailable, insecureConnection, fileNotCreated, corrupt
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The database URL or path can't be used as given (bad scheme, host, `sslmode`…).
        public static let invalidLocation = Reason(.invalidLocation)
        /// The database server can't be reached now: down, refusing, or too slow. Retry later.
        public static let unavailable = Reason(.unavailable)
        /// TLS was asked for (`sslmode`) and could not be had: the server lacks it or its certificate is not trusted.
        public static let insecureConnection = Reason(.insecureConnection)
        /// The SQLite file could not be created.
        public static let fileNotCreated = Reason(.fileNotCreated)
        /// Stored data is not what this version wrote (edited by hand, or a newer schema).
        public static let corrupt = Reason(.corrupt)

        /// A stable name, such as `unavailable`.
        public var description: String {
            switch base {
            case .invalidLocation: "invalid-location"
            case .insecureConnection: "insecure-connection"
            case .fileNotCreated: "file-not-created"
            default: base.rawValue
            }
        }
    }

    /// What went wrong.
    public let reason: Reason
    /// What happened and what to do about it.
    public let message: String

    private init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// The URL or path can't be used; `message` says why and what is expected.
    static func invalidLocation(_ message: String) -> StorageError { StorageError(.invalidLocation, message) }

    /// The server can't be reached; `message` names it and the cause.
    public static func unavailable(_ message: String) -> StorageError { StorageError(.unavailable, message) }

    /// TLS could not be set up as `sslmode` asks.
    static func insecureConnection(_ message: String) -> StorageError { StorageError(.insecureConnection, message) }

    /// The SQLite file at `path` could not be created.
    static func fileNotCreated(path: String, reason: String) -> StorageError {
        StorageError(.fileNotCreated, "could not create the SQLite file \(path) (\(reason))")
    }

    /// A stored row holds something this version can't read.
    static func corrupt(_ message: String) -> StorageError { StorageError(.corrupt, message) }
}
