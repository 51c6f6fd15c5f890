import Foundation
import Synchronization

/// The request hot path: serialized, signed bytes per app, channel, platform and format.
///
/// Built on first request after a publish and kept until the next change, so serving is a
/// dictionary lookup. A publish on this instance clears it at once; ``ChangeWatcher`` clears it
/// when another instance publishes.
final class DocumentCache: Sendable {
    private let entries = Mutex<[DocumentKey: ServedDocument]>([:])

    func document(for key: DocumentKey) -> ServedDocument? {
        entries.withLock { $0[key] }
    }

    func store(_ document: ServedDocument, for key: DocumentKey) {
        entries.withLock { $0[key] = document }
    }

    func removeAll() {
        entries.withLock { $0.removeAll(keepingCapacity: true) }
    }
}
