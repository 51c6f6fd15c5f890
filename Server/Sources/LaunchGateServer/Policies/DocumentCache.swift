import Foundation
import Synchronization

/// The request hot path: serialized, signed bytes per app, channel, platform and format.
///
/// Built on first request after a publish and kept until the next change, so serving is a
/// dictionary lookup. A publish on this instance clears it at once; ``ChangeWatcher`` clears it
/// when another instance publishes.
final class DocumentCache: Sendable {
    private struct State {
        var entries: [DocumentKey: ServedDocument] = [:]
        /// Complete public answers by exact request target, for ``PolicyFastPathHandler``.
        var prepared: [String: PreparedResponse] = [:]
        /// Bumped by every invalidation, so a document built from data read before it is not kept.
        var generation = 0
    }
    private let state = Mutex(State())

    func document(for key: DocumentKey) -> ServedDocument? {
        state.withLock { $0.entries[key] }
    }

    /// The generation to pass to ``store(_:for:builtIn:)``; read it before reading the database.
    var generation: Int { state.withLock { $0.generation } }

    /// Keeps a document unless the cache was invalidated while it was being built.
    func store(_ document: ServedDocument, for key: DocumentKey, builtIn generation: Int) {
        state.withLock { if $0.generation == generation { $0.entries[key] = document } }
    }

    /// The prepared answer for a request target, such as `/v1/apps/notes/policy?platform=ios`.
    func prepared(for target: String) -> PreparedResponse? {
        state.withLock { $0.prepared[target] }
    }

    /// Keeps a prepared answer unless the cache was invalidated while it was being built.
    func prepare(_ response: PreparedResponse, for target: String, builtIn generation: Int) {
        state.withLock {
            // Bounded in count and key size: arbitrary query strings must not grow the table without limit.
            guard $0.generation == generation, $0.prepared.count < 4_096, target.utf8.count <= PreparedResponse.maximumTargetLength else { return }
            $0.prepared[target] = response
        }
    }

    func removeAll() {
        state.withLock {
            $0.entries.removeAll(keepingCapacity: true)
            $0.prepared.removeAll(keepingCapacity: true)
            $0.generation += 1
        }
    }
}
