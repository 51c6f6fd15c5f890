import Foundation

/// A GET request as LaunchGate sends it; kept small so any HTTP stack can carry it.
public struct HTTPRequest: Sendable, Hashable {
    /// The URL.
    public var url: URL
    /// Header fields; names are case-insensitive on the wire.
    public var headers: [String: String]
    /// How long, in seconds, the transport may wait for the server before giving up.
    public var timeout: TimeInterval
    /// The most body bytes the transport may read; it stops reading and throws
    /// ``LaunchGateError/tooLarge(_:limit:)`` past it. `nil` reads everything.
    public var maximumBodySize: Int?

    /// Creates a request.
    /// - Parameters:
    ///   - url: The URL.
    ///   - headers: Header fields.
    ///   - timeout: The transport's own timeout, in seconds.
    ///   - maximumBodySize: The body size cap in bytes, or `nil` for none.
    public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval = 5, maximumBodySize: Int? = nil) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
    }
}
