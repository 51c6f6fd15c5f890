import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live transport, over URLSession (FoundationNetworking on Linux).
///
/// It uses its own ephemeral session rather than `URLSession.shared`: no cookies or URL cache
/// of the app's leak into policy checks, and the policy's ETag handling stays LaunchGate's own.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// Creates a transport.
    /// - Parameter session: The session to use; an ephemeral one without a URL cache by default.
    public init(session: URLSession? = nil) {
        self.session = session ?? {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            return URLSession(configuration: configuration)
        }()
    }

    /// Sends a GET request.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw LaunchGateError.transport("the response was not HTTP")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }
}
