import Foundation
import Testing
@testable import LaunchGateServer

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

    @Test("an existing database file keeps its mode and its data")
    func existingFile() async throws {
        try await TestBackend.sqlite.withFreshLocation { location in
            guard case .sqlite(let path) = try #require(location) else { Issue.record("not SQLite"); return }
            let first = try await TestBackend.open(.sqlite(path: path))
            try await Migrator(database: first).migrate()
            try await SQLRepository(database: first).createApp(Samples.app())
            await first.close()
            let second = try await TestBackend.open(.sqlite(path: path))
            let apps = try await SQLRepository(database: second).apps()
            await second.close()
            #expect(apps.map(\.id) == ["notes"])
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
