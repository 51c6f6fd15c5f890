import Foundation

/// One GET to Apple, as the lookup client needs it: injected, so unit tests answer from a fake
/// and the end-to-end test from a loopback server, and the client never touches the network itself.
public protocol AppStoreHTTPTransport: Sendable {
    /// Sends a GET without following redirects (a 3xx is returned as it is).
    /// - Parameters:
    ///   - url: The URL.
    ///   - timeout: The whole exchange's limit, connecting and reading the body included.
    ///   - maximumBytes: The longest body read; a longer one is refused without reading the rest.
    /// - Returns: The status and the body.
    /// - Throws: ``AppStoreTransportError``.
    func get(_ url: URL, timeout: Duration, maximumBytes: Int) async throws -> AppStoreHTTPResponse
}

/// A response's status and body.
public struct AppStoreHTTPResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// The body, at most the `maximumBytes` asked for.
    public var body: Data

    /// Creates a response.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// Why a GET got no response to read.
public enum AppStoreTransportError: Error, Sendable, Hashable {
    /// The exchange ran past its time limit.
    case timeout
    /// The body was longer than the limit (by its `Content-Length`, or once read that far).
    case tooLarge(limit: Int)
    /// No connection, or the connection failed; the text is for the operator's status.
    case failed(String)
}
