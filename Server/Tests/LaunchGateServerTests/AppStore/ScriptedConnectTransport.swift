import Foundation
import Synchronization
@testable import LaunchGateAppStore

/// An ``AppStoreConnectTransport`` that answers from a script and records what was asked.
final class ScriptedConnectTransport: AppStoreConnectTransport {
    struct Request: Sendable {
        let url: URL
        let bearer: String
        let maxBytes: Int
    }

    private let answer: @Sendable (URL) -> Result<AppStoreConnectResponse, AppStoreConnectError>
    private let recorded = Mutex<[Request]>([])

    init(answer: @escaping @Sendable (URL) -> Result<AppStoreConnectResponse, AppStoreConnectError>) { self.answer = answer }

    var requests: [Request] { recorded.withLock { $0 } }

    func get(_ url: URL, bearer: String, timeout: Duration, maxBytes: Int) async throws -> AppStoreConnectResponse {
        recorded.withLock { $0.append(Request(url: url, bearer: bearer, maxBytes: maxBytes)) }
        return try answer(url).get()
    }
}
