import Foundation

/// Where the data lives, read from `--database-url`.
public enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    /// A SQLite file (the embedded default, `./launchgate.sqlite`).
    case sqlite(path: String)
    /// A PostgreSQL server, for several instances behind a load balancer.
    case postgres(url: String)

    /// The default: `launchgate.sqlite` in the working directory.
    public static let `default` = DatabaseLocation.sqlite(path: "launchgate.sqlite")

    /// Reads `postgres://…`, `postgresql://…`, `sqlite:///abs/path`, `sqlite://relative/path` or a bare file path.
    /// - Parameter text: The URL or path.
    /// - Throws: ``StorageError`` `invalidLocation` when the scheme is unknown.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("postgres://") || trimmed.hasPrefix("postgresql://") {
            self = .postgres(url: trimmed)
        } else if trimmed.hasPrefix("sqlite://") {
            let path = String(trimmed.dropFirst("sqlite://".count))
            guard !path.isEmpty else { throw StorageError.invalidLocation("the sqlite URL names no file, as in sqlite://launchgate.sqlite") }
            try Self.requireFilePath(path)
            self = .sqlite(path: path)
        } else if !trimmed.isEmpty, !trimmed.contains("://") {
            try Self.requireFilePath(trimmed)
            self = .sqlite(path: trimmed)
        } else {
            throw StorageError.invalidLocation("unsupported database URL \"\(trimmed.prefix(60))\"; use postgres://… or a SQLite file path")
        }
    }

    /// Refuses a SQLite path that SQLite would read as a URI (`file:lg.sqlite?mode=…`): SQLite
    /// would open one file while the lock and the checks of backup and restore look at another,
    /// the one literally named, so a restore could replace a database a server has open.
    /// - Throws: ``StorageError`` `invalidLocation`.
    static func requireFilePath(_ path: String) throws {
        guard !path.lowercased().hasPrefix("file:") else {
            throw StorageError.invalidLocation("\(path.prefix(60)) is a SQLite URI; give the database as a file path (as in /var/lib/launchgate/launchgate.sqlite), without file: or ?options")
        }
    }

    /// The location with any password hidden, for logs.
    public var description: String {
        switch self {
        case .sqlite(let path): return "sqlite://\(path)"
        case .postgres(let url):
            if var components = URLComponents(string: url), components.password != nil {
                components.password = "****"
                return components.string ?? "postgres://…"
            }
            return url
        }
    }
}
