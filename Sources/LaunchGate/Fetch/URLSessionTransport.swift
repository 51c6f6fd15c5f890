import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live transport, over URLSession (FoundationNetworking on Linux).
///
/// It uses its own ephemeral session rather than `URLSession.shared`: no cookies or URL cache
/// of the app's leak into policy checks, and the policy's ETag handling stays LaunchGate's own.
/// It reads the body as it streams in and stops at ``TransportRequest/maximumBodySize``, so an endless
/// or huge answer costs at most the cap plus one network read, and it sets the request's timeout.
public struct URLSessionTransport: HTTPTransport {
    /// Invalidates the session when the last copy of the transport goes, since a session keeps its
    /// delegate (and itself) alive until invalidated.
    private final class Owner: Sendable {
        let session: URLSession
        let delegate: URLSessionTransportDelegate
        init(configuration: URLSessionConfiguration) {
            delegate = URLSessionTransportDelegate()
            session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        }
        deinit { session.finishTasksAndInvalidate() }
    }

    private let owner: Owner

    /// Creates a transport.
    /// - Parameter configuration: The session's configuration; an ephemeral one without a URL cache
    ///   by default. The transport installs its own delegate, which enforces the size cap.
    public init(configuration: URLSessionConfiguration? = nil) {
        owner = Owner(configuration: configuration ?? {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            return configuration
        }())
    }

    /// Sends a request with its method and body, reading at most `request.maximumBodySize` body bytes.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let task = owner.session.dataTask(with: urlRequest)
        let exchange = URLSessionTransportDelegate.Exchange(request: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.continuation = continuation
                owner.delegate.register(exchange, for: task)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}
