import Foundation

/// A request as LaunchGate hands it to an ``HTTPTransport``; kept small so any HTTP stack can carry it.
/// (Not `HTTPRequest`, so an app that also imports swift-http-types or Hummingbird meets no ambiguity.)
///
/// Policy checks are `GET`s without a body; sign-in sends `POST`s with a JSON body.
public struct TransportRequest: Sendable, Hashable {
    /// The method, upper case: `GET` or `POST`.
    public var method: String
    /// Where the request goes.
    public var url: URL
    /// Header fields; names are case-insensitive on the wire.
    public var headers: [String: String]
    /// The body bytes, or `nil` for none (a `GET`).
    public var body: Data?
    /// How long, in seconds, the transport may wait for the server before giving up.
    public var timeout: TimeInterval
    /// The most body bytes the transport may read; it stops reading and throws
    /// ``LaunchGateError/tooLarge(_:limit:)`` past it. `nil` reads everything.
    public var maximumBodySize: Int?

    /// Creates a request.
    /// - Parameters:
    ///   - method: The method; `GET` by default.
    ///   - url: Where the request goes.
    ///   - headers: Header fields.
    ///   - body: The body, or `nil` for none.
    ///   - timeout: The transport's own timeout, in seconds.
    ///   - maximumBodySize: The response body's size cap in bytes, or `nil` for none.
    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil,
                timeout: TimeInterval = 5, maximumBodySize: Int? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
    }
}
