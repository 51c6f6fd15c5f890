import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LaunchGate
import Logging
@testable import LaunchGateServer

/// A server with an app "notes", a published policy and an admin token, ready for requests.
struct TestServer {
    let components: ServerComponents
    let configuration: ServerConfiguration
    let adminToken: String
    /// Where the server's mail goes.
    var mailbox = RecordingMailTransport()

    static func make(_ backend: TestBackend = .memory, pollInterval: Duration = .milliseconds(100),
                     now: @escaping @Sendable () -> Date = Date.init) async throws -> TestServer {
        let components = try await backend.makeComponents(now: now)
        try await components.repository.createApp(Samples.app())
        _ = try await components.policies.publish(Samples.policy(), app: "notes", channel: .production, author: "setup")
        let (_, token) = try await components.tokens.create(name: "tests", scope: .admin)
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, defaultApp: "notes", pollInterval: pollInterval)
        return TestServer(components: components, configuration: configuration, adminToken: token)
    }

    var application: some ApplicationProtocol {
        buildApplication(components, configuration: configuration, logger: TestBackend.logger, mail: mailbox)
    }

    func token(scope: TokenScope) async throws -> String {
        try await components.tokens.create(name: "\(scope.rawValue) holder", scope: scope).1
    }

    func close() async { await components.database?.close() }

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
