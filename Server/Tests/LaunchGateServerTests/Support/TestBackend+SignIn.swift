import Foundation
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

extension TestBackend {
    /// Sign-in repositories for `count` instances sharing one fresh, migrated database with the
    /// apps "notes" and "todo" (one actor shared by all for memory), removed afterwards.
    func withSignInRepositories(_ count: Int = 1, _ body: ([any SignInRepository]) async throws -> Void) async throws {
        try await withFreshLocation { location in
            guard let location else {
                let memory = MemorySignInRepository()
                try await body(Array(repeating: memory, count: count))
                return
            }
            var databases: [Database] = []
            do {
                for index in 0..<count {
                    let database = try await TestBackend.open(location)
                    databases.append(database)
                    if index == 0 {
                        try await Migrator(database: database).migrate()
                        let apps = SQLRepository(database: database)
                        try await apps.createApp(Samples.app("notes"))
                        try await apps.createApp(Samples.app("todo"))
                    }
                }
                try await body(databases.map(SQLSignInRepository.init))
            } catch {
                for database in databases { await database.close() }
                throw error
            }
            for database in databases { await database.close() }
        }
    }
}
