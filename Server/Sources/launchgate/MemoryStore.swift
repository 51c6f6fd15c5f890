import ArgumentParser
import Foundation
import LaunchGate
import LaunchGateServer

/// A throwaway store for one CLI run.
final class MemoryStore: KeyValueStore, @unchecked Sendable {
    private var values: [String: Data] = [:]
    private let lock = NSLock()
    func data(forKey key: String) -> Data? { lock.withLock { values[key] } }
    func set(_ data: Data?, forKey key: String) throws { lock.withLock { values[key] = data } }
}
