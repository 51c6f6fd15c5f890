import Foundation

/// Posts a signed delivery, so the worker can be tested without a network.
public protocol WebhookTransport: Sendable {
    /// Posts `body` to `url` with `headers`, following redirects only as far as is safe.
    /// - Returns: The final response's status and the start of its body.
    /// - Throws: ``WebhookError`` when the address is refused or redirects go on; a connection's
    ///   or timeout's error otherwise.
    func post(to url: URL, headers: [(name: String, value: String)], body: Data) async throws -> WebhookResponse
}

/// What an endpoint answered.
public struct WebhookResponse: Sendable, Equatable {
    /// The HTTP status.
    public let status: Int
    /// The first ``WebhookHTTPTransport/responseBytes`` bytes of the body, as text, for the delivery log.
    public let body: String

    /// Creates a response.
    public init(status: Int, body: String = "") {
        self.status = status
        self.body = body
    }

    /// 2xx: delivered.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
