import Foundation

/// A GET request as LaunchGate sends it; kept small so any HTTP stack can carry it.
public struct HTTPRequest: Sendable, Hashable {
    /// The URL.
    public var url: URL
    /// Header fields; names are case-insensitive on the wire.
    public var headers: [String: String]
    /// How long the transport may take before giving up.
    public var timeout: TimeInterval

    /// Creates a request.
    /// - Parameters:
    ///   - url: The URL.
    ///   - headers: Header fields.
    ///   - timeout: The transport's own timeout.
    public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval = 5) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
    }
}
