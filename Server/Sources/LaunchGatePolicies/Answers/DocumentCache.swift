import Foundation
import LaunchGate
import NIOCore
import Synchronization

/// The read path's prepared answers: serialized, signed bytes per app, channel, platform and
/// format, encoded `/check` answers, the decoded policies they came from, and the set of apps
/// that exist.
///
/// ``PolicyService`` alone fills and clears it; the router and the hot path read it through the
/// service. Built on first request after a publish and kept until the next change, so serving is
/// a dictionary lookup. A publish on this instance clears it at once; ``ChangeWatcher`` clears it
/// when another instance publishes. Every table is bounded: entries exist only for apps in
/// ``knownApps``, which an admin creates, and a request naming any other app is refused from
/// that set without touching the database.
package final class DocumentCache: Sendable {
    private struct State {
        var entries: [DocumentKey: ServedDocument] = [:]
        /// Decoded current policies, for `/check` and for rendering documents.
        var policies: [ServedPolicyKey: UpdatePolicy] = [:]
        /// Known apps' channels with nothing published yet: a beta channel that was never used is
        /// asked for as often as a real one, and must not cost a query each time. Bounded like
        /// `policies`, by known apps times channels.
        var unpublished: Set<ServedPolicyKey> = []
        /// Every app's ID, loaded on first use after each change.
        var knownApps: Set<String>?
        /// Encoded `/check` answers.
        var answers: CheckAnswerTable
        /// Bumped by every invalidation, so a document built from data read before it is not kept.
        var generation = 0
    }
    private let state: Mutex<State>
    /// `State.generation`, readable without the lock, for ``PolicyService`` to read before it goes
    /// to the database. Stored inside the lock right after the bump, so it is never ahead of the
    /// state: reading the one before only makes a store refused.
    private let currentGeneration = Atomic<Int>(0)
    /// `/check` answers kept at most.
    let maximumAnswers: Int
    /// Bytes of `/check` answers kept at most: answers carry the release notes, so a count alone
    /// would let long notes times many versions grow the table to gigabytes.
    let maximumAnswerBytes: Int
    /// Current policies being read, shared by the requests that missed them together.
    let policyLoads = SingleFlight<ServedPolicyKey, UpdatePolicy>()
    /// Documents being built, shared by the requests that missed them together.
    let documentLoads = SingleFlight<DocumentKey, ServedDocument>()

    /// Creates an empty cache; the bounds are parameters so tests can reach them.
    package init(maximumAnswers: Int = 10_000, maximumAnswerBytes: Int = 32 << 20) {
        self.maximumAnswers = maximumAnswers
        self.maximumAnswerBytes = maximumAnswerBytes
        state = Mutex(State(answers: CheckAnswerTable(maximumCount: maximumAnswers, maximumBytes: maximumAnswerBytes)))
    }

    package func document(for key: DocumentKey) -> ServedDocument? {
        state.withLock { $0.entries[key] }
    }

    /// The generation to pass to ``store(_:for:builtIn:)``; read it before reading the database.
    package var generation: Int { currentGeneration.load(ordering: .acquiring) }

    /// Keeps a document unless the cache was invalidated while it was being built.
    package func store(_ document: ServedDocument, for key: DocumentKey, builtIn generation: Int) {
        state.withLock { if $0.generation == generation { $0.entries[key] = document } }
    }

    /// The decoded current policy, if loaded since the last change.
    package func policy(for key: ServedPolicyKey) -> UpdatePolicy? {
        state.withLock { $0.policies[key] }
    }

    /// Keeps a decoded policy unless the cache was invalidated while it was being read.
    package func store(_ policy: UpdatePolicy, for key: ServedPolicyKey, builtIn generation: Int) {
        state.withLock { if $0.generation == generation { $0.policies[key] = policy } }
    }

    /// Whether the app's channel was found to have no policy since the last change.
    func isUnpublished(_ key: ServedPolicyKey) -> Bool {
        state.withLock { $0.unpublished.contains(key) }
    }

    /// Remembers that a known app's channel has no policy, unless the cache was invalidated meanwhile.
    func storeUnpublished(_ key: ServedPolicyKey, builtIn generation: Int) {
        state.withLock { if $0.generation == generation { $0.unpublished.insert(key) } }
    }

    /// The IDs of every app, if loaded since the last change.
    var knownApps: Set<String>? { state.withLock { $0.knownApps } }

    /// Keeps the set of app IDs unless the cache was invalidated while it was being read.
    func storeKnownApps(_ apps: Set<String>, builtIn generation: Int) {
        state.withLock { if $0.generation == generation { $0.knownApps = apps } }
    }

    /// A `/check` answer, if one was encoded since the last change.
    package func answer(for key: CheckAnswerKey) -> ByteBuffer? {
        state.withLock { $0.answers[key] }
    }

    /// Keeps a `/check` answer unless the cache was invalidated while it was being built. The
    /// table is bounded (``CheckAnswerTable``): a full one evicts its oldest answers.
    package func store(_ answer: ByteBuffer, for key: CheckAnswerKey, builtIn generation: Int) {
        state.withLock {
            guard $0.generation == generation else { return }
            $0.answers.store(answer, for: key)
        }
    }

    /// Bytes of `/check` answers and their keys held, for tests and metrics.
    var answerBytes: Int { state.withLock { $0.answers.bytes } }

    /// How many entries each table holds, for tests and metrics.
    var sizes: (documents: Int, policies: Int, answers: Int) {
        state.withLock { ($0.entries.count, $0.policies.count, $0.answers.count) }
    }

    package func removeAll() {
        state.withLock {
            $0.entries.removeAll(keepingCapacity: true)
            $0.policies.removeAll()
            $0.unpublished.removeAll()
            $0.answers.removeAll()
            $0.knownApps = nil
            $0.generation += 1
            currentGeneration.store($0.generation, ordering: .releasing)
        }
    }
}
