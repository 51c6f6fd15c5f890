/// Why the database could not be opened, reached or read.
///
/// A struct over a private enum (as Hummingbird's `PersistError`), so cases can be added without
/// breaking callers. It carries no HTTP status: the server maps ``reason`` to one in one place
/// (``Reason/unavailable`` is the one a client should retry later).
///
/// ```swift
/// catch let error as StorageError where error.reason == .unavailable { /* retry later */ }
/// ```
public struct StorageError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for matching; the message says it to a person.
    public struct Reason: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case invalidLocation, unavailable, insecureConnection, fileNotCreated, corrupt, busy, newerSchema, unstorable
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
        /// Stored data is not what this version wrote (edited by hand).
        public static let corrupt = Reason(.corrupt)
        /// A SQLite file is held by `launchgate restore`, which is replacing it. Retry when it is done.
        public static let busy = Reason(.busy)
        /// The database has migrations this version doesn't know: a newer `launchgate` wrote it.
        public static let newerSchema = Reason(.newerSchema)
        /// A value the database can't store and give back unchanged (text holding a NUL character).
        public static let unstorable = Reason(.unstorable)

        /// A stable name, such as `unavailable`.
        public var description: String {
            switch base {
            case .invalidLocation: "invalid-location"
            case .insecureConnection: "insecure-connection"
            case .fileNotCreated: "file-not-created"
            case .busy: "database-busy"
            case .newerSchema: "newer-schema"
            case .unstorable: "unstorable-value"
            default: base.rawValue
            }
        }
    }

    /// What went wrong.
    public let reason: Reason
    /// What happened and what to do about it.
    public let message: String
    /// Whether PostgreSQL ended the transaction to resolve a deadlock or a serialization failure
    /// (``conflict(_:)``): nothing was committed, and running it again can go through.
    package let isConflict: Bool

    private init(_ reason: Reason, _ message: String, isConflict: Bool = false) {
        self.reason = reason
        self.message = message
        self.isConflict = isConflict
    }

    /// The message.
    public var description: String { message }

    /// The URL or path can't be used; `message` says why and what is expected.
    package static func invalidLocation(_ message: String) -> StorageError { StorageError(.invalidLocation, message) }

    /// The server can't be reached; `message` names it and the cause.
    public static func unavailable(_ message: String) -> StorageError { StorageError(.unavailable, message) }

    /// The transaction was ended to resolve a conflict with another (``isConflict``): `unavailable` to the caller.
    package static func conflict(_ message: String) -> StorageError { StorageError(.unavailable, message, isConflict: true) }

    /// TLS could not be set up as `sslmode` asks.
    package static func insecureConnection(_ message: String) -> StorageError { StorageError(.insecureConnection, message) }

    /// The SQLite file at `path` (or `what` else: its lock file) could not be created or opened.
    package static func fileNotCreated(path: String, reason: String, what: String = "SQLite file") -> StorageError {
        StorageError(.fileNotCreated, "could not create or open the \(what) \(path) (\(reason))")
    }

    /// The SQLite file is locked by `launchgate restore`; `message` says which and what to do.
    package static func busy(_ message: String) -> StorageError { StorageError(.busy, message) }

    /// The database at `location` has the migrations `names`, which this version doesn't know.
    package static func newerSchema(location: String, names: [String]) -> StorageError {
        StorageError(.newerSchema, "\(location) was migrated by a newer launchgate (it has migrations this one doesn't know: \(names.joined(separator: ", "))); use that version or a later one. Nothing was changed")
    }

    /// A value can't be stored as given; `message` says what to change.
    package static func unstorable(_ message: String) -> StorageError { StorageError(.unstorable, message) }

    /// A stored row holds something this version can't read.
    package static func corrupt(_ message: String) -> StorageError { StorageError(.corrupt, message) }
}
