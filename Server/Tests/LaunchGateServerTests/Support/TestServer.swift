import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LaunchGate
import Logging
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// A server with an app "notes", a published policy and an admin token, ready for requests.
///
/// On SQLite or PostgreSQL, ``close()`` closes the database and removes it; prefer
/// ``with(_:pollInterval:now:_:)``, which does so even when the test fails.
struct TestServer {
    let components: ServerComponents
    var configuration: ServerConfiguration
    let adminToken: String
    /// The database's location, removed by ``close()``; `nil` on memory, and for a server that
    /// shares another's database (that one removes it).
    var location: DatabaseLocation? = nil
    /// Where the server's mail goes.
    var mailbox = RecordingMailTransport()

    static func make(_ backend: TestBackend = .memory, pollInterval: Duration = .milliseconds(100),
                     now: @escaping @Sendable () -> Date = Date.init) async throws -> TestServer {
        let location = try await backend.freshLocation()
        do {
            let components = try await TestBackend.makeComponents(at: location, now: now)
            do {
                try await components.repository.createApp(Samples.app())
                _ = try await components.policies.publish(Samples.policy(), app: "notes", channel: .production, author: "setup")
                let (_, token) = try await components.tokens.create(name: "tests", scope: .admin)
                let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, defaultApp: "notes", pollInterval: pollInterval)
                return TestServer(components: components, configuration: configuration, adminToken: token, location: location)
            } catch {
                await components.database?.close()
                throw error
            }
        } catch {
            if let location { await TestBackend.remove(location) }
            throw error
        }
    }

    /// Runs `body` with a server made by ``make(_:pollInterval:now:)``, then closes it and removes
    /// its database, whether `body` returns or throws.
    static func with<T>(_ backend: TestBackend = .memory, pollInterval: Duration = .milliseconds(100),
                        now: @escaping @Sendable () -> Date = Date.init, _ body: (TestServer) async throws -> T) async throws -> T {
        let server = try await make(backend, pollInterval: pollInterval, now: now)
        let result: T
        do { result = try await body(server) } catch {
            await server.close()
            throw error
        }
        await server.close()
        return result
    }

    var application: some ApplicationProtocol {
        buildApplication(components, configuration: configuration, logger: TestBackend.logger, mail: mailbox)
    }

    func token(scope: TokenScope) async throws -> String {
        try await components.tokens.create(name: "\(scope.rawValue) holder", scope: scope).1
    }

    /// Closes the database and removes it (the SQLite files, or the PostgreSQL database).
    func close() async {
        await components.database?.close()
        if let location { await TestBackend.remove(location) }
    }

    static func bearer(_ token: String) -> HTTPFields { [.authorization: "Bearer \(token)"] }
}

extension TestResponse {
    var text: String { String(buffer: body) }
    var data: Data { Data(buffer: body) }
    func json() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
    var errorCode: String? { (try? json())?["error"].flatMap { ($0 as? [String: Any])?["code"] as? String } }
}
