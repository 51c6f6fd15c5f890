import Foundation

/// A response as a transport returns it.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields, looked up case-insensitively with ``header(_:)``.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data

    /// Creates a response.
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: Header fields.
    ///   - body: The body.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
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
