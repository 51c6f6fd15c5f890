import Foundation
import SQLKit
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage
#if canImport(Glibc)
import Glibc
#endif

/// Folders, databases and file facts that the backup and restore suites share.
protocol BackupFixture {}

extension BackupFixture {
    /// A folder removed after the test, with the database's path in it.
    func withFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("launchgate-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(folder)
    }

    /// A folder removed after the test, with the pair a restore test starts from: the live
    /// database `lg.sqlite`, holding the app `live`, and a backup `copy.sqlite` beside it, holding
    /// `from-backup`.
    /// - Parameters:
    ///   - live: The live database's apps; `nil` makes no live database (only its path is given).
    ///   - subfolder: A folder of its own in the test's folder for the live database (the service's
    ///     folder, in attack tests); the backup stays in the test's folder.
    ///   - body: Gets the live database's path and the backup's.
    func withLiveAndBackup<T>(live: [String]? = ["live"], in subfolder: String? = nil,
                              _ body: (_ path: String, _ copy: String) async throws -> T) async throws -> T {
        try await withFolder { folder in
            var home = folder
            if let subfolder {
                home = folder.appendingPathComponent(subfolder)
                try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            }
            let path = home.appendingPathComponent("lg.sqlite").path
            let copy = folder.appendingPathComponent("copy.sqlite").path
            try await makeDatabase(copy, apps: ["from-backup"])
            if let live { try await makeDatabase(path, apps: live) }
            return try await body(path, copy)
        }
    }

    /// A migrated database at `path` holding the apps named.
    func makeDatabase(_ path: String, apps: [String]) async throws {
        let database = try await TestBackend.open(.sqlite(path: path))
        do {
            try await Migrator(database: database).migrate()
            for app in apps { try await SQLRepository(database: database).createApp(Samples.app(app)) }
        } catch {
            await database.close()
            throw error
        }
        await database.close()
    }

    func apps(_ path: String) async throws -> [String] {
        let database = try await TestBackend.open(.sqlite(path: path))
        let apps = try? await SQLRepository(database: database).apps().map(\.id)
        await database.close()
        return try #require(apps)
    }

    func mode(_ path: String) throws -> Int {
        try #require((FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue)
    }

    func backup(_ path: String) -> DatabaseBackup { DatabaseBackup(location: .sqlite(path: path), logger: TestBackend.logger) }
    func restore(_ path: String) -> DatabaseRestore {
        DatabaseRestore(location: .sqlite(path: path), masterKey: nil, logger: TestBackend.logger)
    }

    /// The journal mode a SQLite file's header records: 1 rollback (DELETE and the like), 2 WAL.
    func journalByte(_ path: String) throws -> UInt8 {
        let header = try #require(FileHandle(forReadingAtPath: path)).readData(ofLength: 20)
        return header[18]
    }

    /// Runs `statements` on a connection of its own (no lock file, journal mode untouched).
    func raw(_ path: String, _ statements: [String]) async throws {
        try await SQLiteFile.withConnection(path, access: .readWrite, logger: TestBackend.logger) { db in
            for statement in statements { try await db.raw(SQLQueryString(statement)).run() }
        }
    }

    /// The text column `column` of every row `sql` returns, read on a read-only connection of its own.
    func strings(_ path: String, _ sql: SQLQueryString, column: String) async throws -> [String] {
        try await SQLiteFile.withConnection(path, access: .readOnly, logger: TestBackend.logger) { db in
            try await DatabaseRestore.strings(db, sql, column: column)
        }
    }

    /// The owner's user ID of a file.
    func owner(_ path: String) -> uid_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_uid : .max
    }

    /// A master key from one repeated byte.
    func masterKey(_ byte: UInt8) throws -> MasterKey { try MasterKey(rawRepresentation: Data(repeating: byte, count: 32)) }

    /// The same key as `LAUNCHGATE_MASTER_KEY` would hold it.
    func masterKeySource(_ byte: UInt8?, file: String = "/nonexistent/launchgate.key") -> DatabaseRestore.MasterKeySource {
        DatabaseRestore.MasterKeySource(environmentValue: byte.map { Data(repeating: $0, count: 32).base64EncodedString() },
                                        file: URL(fileURLWithPath: file))
    }
}
