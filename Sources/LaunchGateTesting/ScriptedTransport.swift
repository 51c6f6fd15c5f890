import Foundation
import LaunchGate

/// An ``HTTPTransport`` that answers from a script, per URL (and, when given, per method), and
/// records every request, body included.
///
/// With nothing scripted for a request it behaves as if offline.
///
/// ```swift
/// let transport = ScriptedTransport()
/// transport.enqueue(.respond(.json(#"{"latest_build": 42}"#)), for: url)
/// transport.enqueue(.hang, for: url)          // never answers: exercises timeouts
/// transport.enqueue(.redirected(to: other, .json(body)), for: url)   // answered after a redirect
/// transport.enqueue(.respond(.json(#"{"status": "success"}"#)), for: signOutURL, method: "POST")
/// #expect(transport.requests(to: signOutURL).first?.body == Data("{}".utf8))
/// ```
public final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    /// One scripted answer.
    public enum Step: Sendable {
        /// Answers with a response.
        case respond(TransportResponse)
        /// Answers with a response after a delay.
        case delayed(Duration, TransportResponse)
        /// Answers with a response once the test opens the gate.
        case gated(TransportGate, TransportResponse)
        /// Answers with a response as if a redirect to `target` had been followed: the response's
        /// ``TransportResponse/url`` is `target`, as a live transport reports it.
        case redirected(to: URL, TransportResponse)
        /// Fails as a transport error would.
        case fail(LaunchGateError)
        /// Never answers, and ignores cancellation too, like a stuck connection.
        case hang
    }

    /// A URL, and the method when the script names one; `nil` answers any method.
    private struct Route: Hashable {
        let url: URL
        let method: String?
    }

    private let lock = NSLock()
    private var script: [Route: [Step]] = [:]
    private var repeating: [Route: Step] = [:]
    private var recorded: [TransportRequest] = []

    /// Creates an empty script.
    public init() {}

    /// Adds an answer for the next request to a URL.
    /// - Parameters:
    ///   - step: The answer.
    ///   - url: The URL it answers.
    ///   - method: The method it answers, such as `POST`; `nil` answers any. Answers scripted for a
    ///     method are used before those for any method.
    public func enqueue(_ step: Step, for url: URL, method: String? = nil) {
        lock.withLock { script[Route(url: url, method: method?.uppercased()), default: []].append(step) }
    }

    /// Answers every request to a URL the same way, once its queued steps are used up.
    /// - Parameters:
    ///   - step: The answer.
    ///   - url: The URL.
    ///   - method: The method it answers; `nil` answers any.
    public func always(_ step: Step, for url: URL, method: String? = nil) {
        lock.withLock { repeating[Route(url: url, method: method?.uppercased())] = step }
    }

    /// Every request received, in order.
    public var requests: [TransportRequest] { lock.withLock { recorded } }

    /// The requests received for one URL, in order, so a test can check the exact body and headers sent.
    /// - Parameter url: The URL.
    /// - Returns: The requests to it, whatever their method.
    public func requests(to url: URL) -> [TransportRequest] { lock.withLock { recorded.filter { $0.url == url } } }

    /// Answers from the script.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let step: Step? = lock.withLock {
            recorded.append(request)
            let routes = [Route(url: request.url, method: request.method.uppercased()), Route(url: request.url, method: nil)]
            for route in routes {
                if var queue = script[route], !queue.isEmpty {
                    let next = queue.removeFirst()
                    script[route] = queue
                    return next
                }
            }
            return routes.lazy.compactMap { self.repeating[$0] }.first
        }
        switch step {
        case .respond(let response)?:
            return response
        case .delayed(let delay, let response)?:
            try await Task.sleep(for: delay)
            return response
        case .gated(let gate, let response)?:
            await gate.pass()
            return response
        case .redirected(let target, var response)?:
            response.url = target
            return response
        case .fail(let error)?:
            throw error
        case .hang?:
            // Deliberately deaf to cancellation: the fetcher's deadline must not depend on it.
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
            throw CancellationError()
        case nil:
            throw LaunchGateError.transport("offline (nothing scripted for \(request.method) \(request.url.absoluteString))")
        }
    }
}

extension TransportResponse {
    /// A JSON response for scripts.
    /// - Parameters:
    ///   - body: The JSON text.
    ///   - status: The status code.
    ///   - headers: Extra headers; `Content-Type: application/json` is set unless given.
    /// - Returns: The response.
    public static func json(_ body: String, status: Int = 200, headers: [String: String] = [:]) -> TransportResponse {
        json(Data(body.utf8), status: status, headers: headers)
    }

    /// A JSON response for scripts, from bytes.
    /// - Parameters:
    ///   - body: The JSON bytes.
    ///   - status: The status code.
    ///   - headers: Extra headers.
    /// - Returns: The response.
    public static func json(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> TransportResponse {
        TransportResponse(status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: body)
    }
}
