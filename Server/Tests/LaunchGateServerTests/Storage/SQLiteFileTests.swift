import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("The SQLite files are private")
struct SQLiteFileTests {
    private func mode(_ path: String) throws -> Int {
        try #require((FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue)
    }

    // MARK: Tests

    @Test("the database, its -wal and its -shm files are created 0600, whatever the umask allows")
    func modes() async throws {
        try await TestBackend.sqlite.withFreshLocation { location in
            guard case .sqlite(let path) = try #require(location) else { Issue.record("not SQLite"); return }
            let database = try await TestBackend.open(.sqlite(path: path))
            do {
                try await Migrator(database: database).migrate()
                try await SQLRepository(database: database).createApp(Samples.app())
                // Checked while open: SQLite removes -wal and -shm when the last connection closes.
                for file in [path, path + "-wal", path + "-shm"] {
                    #expect(FileManager.default.fileExists(atPath: file), "\(file) exists")
                    let found = try mode(file)
                    #expect(found == 0o600, "\(file) is \(String(found, radix: 8))")
                }
            } catch {
                await database.close()
                throw error
            }
            await database.close()
        }
    }

    /// An operator may have loosened or tightened the mode on purpose (a group that backs it up,
    /// say); opening the file must not reset it, and must not lose what is in it.
    @Test("an existing database file keeps its mode and its data")
    func existingFile() async throws {
        try await TestBackend.sqlite.withFreshLocation { location in
            guard case .sqlite(let path) = try #require(location) else { Issue.record("not SQLite"); return }
            let first = try await TestBackend.open(.sqlite(path: path))
            do {
                try await Migrator(database: first).migrate()
                try await SQLRepository(database: first).createApp(Samples.app())
            } catch {
                await first.close()
                throw error
            }
            await first.close()
            // A mode start-up would never choose, so keeping it can't be a coincidence.
            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
            let second = try await TestBackend.open(.sqlite(path: path))
            let apps: [AppRecord]
            do { apps = try await SQLRepository(database: second).apps() } catch {
                await second.close()
                throw error
            }
            await second.close()
            #expect(apps.map(\.id) == ["notes"])
            let found = try mode(path)
            #expect(found == 0o640, "the file is \(String(found, radix: 8)) after it was opened again")
        }
    }

    @Test("a SQLite file in a folder that does not exist is a clear storage error")
    func missingFolder() async throws {
        let path = "/nonexistent-\(UUID().uuidString)/lg.sqlite"
        let error = await #expect(throws: StorageError.self) { _ = try await TestBackend.open(.sqlite(path: path)) }
        #expect(error?.reason == .fileNotCreated)
        #expect(error?.message.contains(path) == true)
    }
}
