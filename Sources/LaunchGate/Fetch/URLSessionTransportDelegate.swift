import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects each task's response and body for ``URLSessionTransport``, stopping a task as soon as
/// its body passes the request's cap, and resumes the waiting caller once.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// One request's state; touched only under the delegate's lock.
    final class Exchange: @unchecked Sendable {
        let request: TransportRequest
        var continuation: CheckedContinuation<TransportResponse, any Error>?
        var response: HTTPURLResponse?
        var body = Data()
        /// Set when the delegate stopped the task itself; reported instead of the cancellation.
        var failure: LaunchGateError?

        init(request: TransportRequest) { self.request = request }
    }

    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    func register(_ exchange: Exchange, for task: URLSessionTask) {
        lock.withLock { exchanges[task.taskIdentifier] = exchange }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let refused: (CheckedContinuation<TransportResponse, any Error>?, LaunchGateError)?? = lock.withLock {
            guard let exchange = exchanges[dataTask.taskIdentifier] else { return .some(nil) }
            exchange.response = response as? HTTPURLResponse
            // A declared length over the cap is refused before a byte of the body is read.
            guard let limit = exchange.request.maximumBodySize, response.expectedContentLength > Int64(limit) else { return nil }
            let failure = LaunchGateError.tooLarge(Int(clamping: response.expectedContentLength), limit: limit)
            exchange.failure = failure
            defer { exchange.continuation = nil }
            return (exchange.continuation, failure)
        }
        guard let refused else { return completionHandler(.allow) }
        completionHandler(.cancel)
        guard let (continuation, failure) = refused else { return }
        // FoundationNetworking ignores `.cancel` here and goes on reading the body (to the end of a
        // 100 GB one); so the caller hears now, later chunks are dropped, and the task is cancelled
        // as after an overflow.
        continuation?.resume(throwing: failure)
        DispatchQueue.global().async { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow: (CheckedContinuation<TransportResponse, any Error>?, LaunchGateError)? = lock.withLock {
            guard let exchange = exchanges[dataTask.taskIdentifier], exchange.failure == nil else { return nil }
            exchange.body.append(data)
            guard let limit = exchange.request.maximumBodySize, exchange.body.count > limit else { return nil }
            let failure = LaunchGateError.tooLarge(exchange.body.count, limit: limit)
            exchange.failure = failure
            exchange.body = Data()   // nothing of it is used: give the memory back now
            defer { exchange.continuation = nil }
            return (exchange.continuation, failure)
        }
        guard let (continuation, failure) = overflow else { return }
        // The caller hears at once; later chunks are dropped above until the cancellation lands.
        continuation?.resume(throwing: failure)
        // Not from this queue: FoundationNetworking's cancel() waits for the session's busy work
        // queue, and while it waited every later chunk would pile up in memory behind it.
        DispatchQueue.global().async { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let allowed: Bool = lock.withLock {
            guard let exchange = exchanges[task.taskIdentifier] else { return false }
            guard let target = request.url, RedirectRule.allows(from: exchange.request.url, to: target) else {
                exchange.failure = .redirectRefused(from: exchange.request.url, to: request.url ?? exchange.request.url)
                return false
            }
            return true
        }
        // nil ends the task with the 3xx itself; the recorded failure is what the caller hears.
        completionHandler(allowed ? request : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = lock.withLock({ exchanges.removeValue(forKey: task.taskIdentifier) }) else { return }
        let (continuation, result): (CheckedContinuation<TransportResponse, any Error>?, Result<TransportResponse, any Error>) = lock.withLock {
            defer { exchange.continuation = nil }
            return (exchange.continuation, Self.result(of: exchange, task: task, error: error))
        }
        continuation?.resume(with: result)
    }

    private static func result(of exchange: Exchange, task: URLSessionTask, error: (any Error)?) -> Result<TransportResponse, any Error> {
        if let failure = exchange.failure { return .failure(failure) }
        if let error { return .failure(error) }
        guard let http = exchange.response else { return .failure(LaunchGateError.transport("the response was not HTTP")) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return .success(TransportResponse(status: http.statusCode, headers: headers, body: exchange.body,
                                     url: http.url ?? task.currentRequest?.url))
    }
}
