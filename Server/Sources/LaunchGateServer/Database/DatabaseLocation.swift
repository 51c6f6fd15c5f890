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
            self = .sqlite(path: path)
        } else if !trimmed.isEmpty, !trimmed.contains("://") {
            self = .sqlite(path: trimmed)
        } else {
            throw StorageError.invalidLocation("unsupported database URL \"\(trimmed.prefix(60))\"; use postgres://… or a SQLite file path")
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
