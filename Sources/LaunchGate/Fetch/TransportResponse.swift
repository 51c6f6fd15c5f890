import Foundation

/// A response as an ``HTTPTransport`` returns it. (Not `HTTPResponse`, which swift-http-types
/// and Hummingbird name theirs.)
public struct TransportResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields, looked up case-insensitively with ``header(_:)``.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data
    /// The URL that answered, after any redirects the transport followed; `nil` when the
    /// transport can't tell, which means the request's own URL.
    public var url: URL?

    /// Creates a response.
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: Header fields.
    ///   - body: The body.
    ///   - url: The URL that answered, if the transport followed a redirect.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data(), url: URL? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// A header's value, matching the name without regard to case.
    /// - Parameter name: The header name.
    /// - Returns: The value, or `nil`.
    public func header(_ name: String) -> String? {
        if let value = headers[name] { return value }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}
