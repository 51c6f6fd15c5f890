import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import LaunchGateServer

extension TestServer {
    /// The newest code queued for the address and not yet delivered, from the outbox.
    func code(for email: String, app: String = "notes") async throws -> String? {
        let mail = try await components.signInRepository.claimDueMail(at: Date().addingTimeInterval(86_400 * 365 * 10), lease: 0, limit: 1000)
        guard let sealed = mail.filter({ $0.email == email && $0.appID == app }).max(by: { $0.createdAt < $1.createdAt })?.sealedCode else {
            return nil
        }
        return try components.signIn.secrets.open(sealed)
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
