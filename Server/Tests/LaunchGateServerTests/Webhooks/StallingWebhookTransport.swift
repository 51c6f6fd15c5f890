import Foundation
import Synchronization
@testable import LaunchGateWebhooks

/// A transport whose `/stall…` endpoints hold every post until ``release()`` (then fail them, and
/// any later ones, at once), while the others answer 204 at once; it counts posts under way per URL.
final class StallingWebhookTransport: WebhookTransport {
    private struct State {
        var underWay: [URL: Int] = [:]
        var mostAtOnce = 0
        var answered: [URL: Int] = [:]
        var held: [CheckedContinuation<Void, Never>] = []
        var released = false
    }

    private let state = Mutex(State())

    /// The most posts ever under way at once to one URL.
    var mostAtOnceToOneURL: Int { state.withLock { $0.mostAtOnce } }
    /// Posts held now.
    var stalled: Int { state.withLock { $0.held.count } }
    /// Posts answered 204, per path.
    func answered(_ path: String) -> Int { state.withLock { $0.answered.filter { $0.key.path == path }.values.reduce(0, +) } }

    /// Fails the held posts and every later one to a stalling endpoint.
    func release() {
        let held = state.withLock { state in
            state.released = true
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    func post(to url: URL, headers: [(name: String, value: String)], body: Data) async throws -> WebhookResponse {
        state.withLock { state in
            state.underWay[url, default: 0] += 1
            state.mostAtOnce = max(state.mostAtOnce, state.underWay[url]!)
        }
        defer { state.withLock { $0.underWay[url, default: 1] -= 1 } }
        guard url.path.hasPrefix("/stall") else {
            state.withLock { $0.answered[url, default: 0] += 1 }
            return WebhookResponse(status: 204)
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.released { return true }
                state.held.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
        throw WebhookError.unresolved(host: "stalled, as if timed out")
    }
}
