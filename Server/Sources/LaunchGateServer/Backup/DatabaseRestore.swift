import Foundation
import Logging
import SQLKit

/// Replaces a SQLite database with a backup, only when nothing has the database open and the
/// backup is a sound LaunchGate database.
///
/// In order: take the database's lock exclusively (``DatabaseFileLock``; refused while a server or
/// a command holds it), copy the backup beside the database as a hidden 0600 file, check the copy
/// (`PRAGMA integrity_check`, and migrations this version knows), remove the old database's `-wal`
/// and `-shm` (whose pages belong to the old file), and rename the copy over the database. Until
/// the rename, the database is as it was; the backup file itself is never changed.
public struct DatabaseRestore: Sendable {
    /// What was restored.
    public struct Summary: Sendable, Equatable {
        /// The migrations the backup had.
        public var applied: [String]
        /// Migrations newer than the backup, which the next `serve` or `migrate` applies.
        public var pending: [String]
    }

    private let location: DatabaseLocation
    private let logger: Logger

    /// Creates a restore into the database at `location`.
    /// - Parameters:
    ///   - location: The database to replace; only SQLite can be.
    ///   - logger: For driver logs.
    public init(location: DatabaseLocation, logger: Logger) {
        self.location = location
        self.logger = logger
    }

    /// Restores `file` over the database.
    /// - Parameter file: A file written by ``DatabaseBackup``.
    /// - Returns: The backup's migrations, and the ones still to apply.
    /// - Throws: ``BackupError``: `postgres`, `noFile`, `databaseInUse`, `notADatabase`,
    ///   `notLaunchGate`, `newerSchema`, `failed`. The database is unchanged when it throws.
    @discardableResult
    public func restore(from file: String) async throws -> Summary {
        guard case .sqlite(let path) = location else { throw BackupError.postgres(restore: true) }
        guard FileManager.default.isReadableFile(atPath: file) else { throw BackupError.noFile(file) }
        guard let lock = try DatabaseFileLock.exclusive(for: path) else { throw BackupError.databaseInUse(path) }
        defer { lock.release() }

        let candidate = BackupFiles.temporaryPath(beside: path, purpose: "restore")
        do {
            try BackupFiles.copyPrivately(file, to: candidate)
            let summary = try await check(candidate, named: file)
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            BackupFiles.matchOwner(of: candidate, to: FileManager.default.fileExists(atPath: path) ? path : folder)
            // The old file's write-ahead log would be replayed into the new one: remove it first.
            BackupFiles.remove(path + "-wal", path + "-shm")
            try BackupFiles.replace(path, with: candidate)
            return summary
        } catch {
            BackupFiles.remove(candidate, candidate + "-wal", candidate + "-shm")
            throw error
        }
    }

    /// Checks the copy: SQLite's integrity check, then the migrations table against this version's.
    private func check(_ candidate: String, named file: String) async throws -> Summary {
        defer { BackupFiles.remove(DatabaseFileLock.path(for: candidate)) }
        let database: Database
        do { database = try await Database.open(.sqlite(path: candidate), logger: logger) } catch {
            throw BackupError.notADatabase(file: file, reason: "\(error)")
        }
        let found: (problems: [String], tables: Set<String>, applied: [String])
        do {
            found = try await database.read { db in
                let problems = try await db.raw("PRAGMA integrity_check").all()
                    .map { try $0.decode(column: "integrity_check", as: String.self) }.filter { $0 != "ok" }
                let tables = Set(try await db.raw("SELECT name FROM sqlite_master WHERE type = 'table'").all()
                    .map { try $0.decode(column: "name", as: String.self) })
                guard tables.contains("launchgate_migrations") else { return (problems, tables, []) }
                let applied = try await db.select().column("name").from("launchgate_migrations").all()
                    .map { try $0.decode(column: "name", as: String.self) }
                return (problems, tables, applied)
            }
        } catch {
            await database.close()
            throw BackupError.notADatabase(file: file, reason: "\(error)")
        }
        await database.close()
        guard found.problems.isEmpty else {
            throw BackupError.notADatabase(file: file, reason: "integrity check: \(found.problems.prefix(3).joined(separator: "; "))")
        }
        let known = Migrator.all.map(\.name)
        guard found.tables.contains("launchgate_migrations"), let first = known.first, found.applied.contains(first) else {
            throw BackupError.notLaunchGate(file)
        }
        let unknown = found.applied.filter { !known.contains($0) }.sorted()
        guard unknown.isEmpty else { throw BackupError.newerSchema(file: file, names: unknown) }
        return Summary(applied: known.filter(found.applied.contains), pending: known.filter { !found.applied.contains($0) })
    }
}
