import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

extension TestServer {
    /// The newest code for the address, wherever it is: still in the outbox (router tests run no
    /// worker, and a message this helper claimed is never due for the worker again), or delivered
    /// to the mailbox by the live server's worker.
    func code(for email: String, app: String = "notes") async throws -> String? {
        // Operators' codes are queued after the answer.
        await components.operatorSignIn.sends.idle()
        for attempt in 0..<100 {
            let mail = try await components.signInRepository.claimDueMail(at: Date().addingTimeInterval(86_400 * 365 * 10), lease: 0, limit: 1000)
            var candidates: [(Date, String)] = try mail.filter { $0.email == email && $0.appID == app }.compactMap { message in
                try message.sealedCode.map { (message.createdAt, try components.signIn.secrets.open($0)) }
            }
            if let delivered = mailbox.messages.last(where: { $0.to == email }), let code = mailbox.code(for: email) {
                candidates.append((delivered.date, code))
            }
            if let newest = candidates.max(by: { $0.0 < $1.0 }) { return newest.1 }
            if attempt < 99 { try await Task.sleep(for: .milliseconds(20)) }
        }
        return nil
    }

    /// A server on `components` with another configuration.
    func with(_ configuration: ServerConfiguration) -> TestServer {
        TestServer(components: components, configuration: configuration, adminToken: adminToken)
    }
}

extension TestClientProtocol {
    /// POSTs JSON text (sent as is, so malformed bodies can be tried).
    func post(_ uri: String, json: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        var fields = headers
        fields[.contentType] = "application/json"
        return try await execute(uri: uri, method: .post, headers: fields, body: ByteBuffer(string: json))
    }
}

extension TestResponse {
    /// The seed shape's `error` field.
    var seedError: String? { (try? json())?["error"] as? String }
    /// The seed shape's `status` field.
    var seedStatus: String? { (try? json())?["status"] as? String }
}
