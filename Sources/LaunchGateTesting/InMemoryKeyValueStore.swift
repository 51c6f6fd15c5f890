import Foundation
import LaunchGate

/// A ``KeyValueStore`` in memory, with a switch to make writes fail.
public final class InMemoryKeyValueStore: KeyValueStore, @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Data]
    private var failing = false

    /// Creates a store.
    /// - Parameter values: The initial contents.
    public init(_ values: [String: Data] = [:]) { self.values = values }

    /// The bytes stored under a key.
    public func data(forKey key: String) -> Data? { lock.withLock { values[key] } }

    /// Stores or removes bytes; throws while ``failWrites(_:)`` is on.
    public func set(_ data: Data?, forKey key: String) throws {
        try lock.withLock {
            if failing { throw LaunchGateError(code: "test-write-failed", message: "writes are failing in this test") }
            values[key] = data
        }
    }

    /// Every stored key.
    public var keys: [String] { lock.withLock { Array(values.keys) } }

    /// Makes later writes throw, to test that failures keep old state.
    /// - Parameter failing: Whether writes fail.
    public func failWrites(_ failing: Bool = true) { lock.withLock { self.failing = failing } }
}
