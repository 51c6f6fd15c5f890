import Foundation

/// One GET to App Store Connect, injected so tests answer without a network.
///
/// An implementation follows no redirect, gives up after `timeout`, and fails with
/// ``AppStoreConnectError`` `tooLarge` rather than read more than `maxBytes` of body.
public protocol AppStoreConnectTransport: Sendable {
    /// Sends a GET.
    /// - Parameters:
    ///   - url: The full URL.
    ///   - bearer: The token for `Authorization`.
    ///   - timeout: The deadline for the whole exchange, body included.
    ///   - maxBytes: The body cap.
    /// - Returns: The status and the body.
    /// - Throws: ``AppStoreConnectError`` `timeout`, `tooLarge` or `unreachable`.
    func get(_ url: URL, bearer: String, timeout: Duration, maxBytes: Int) async throws -> AppStoreConnectResponse
}

/// What App Store Connect answered.
public struct AppStoreConnectResponse: Sendable {
    /// The HTTP status.
    public let status: Int
    /// The body, at most the cap.
    public let body: Data

    /// Creates a response.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}
