import Foundation

/// Where LaunchGate keeps its small amount of state: dismissals, the last check, the cached policy.
///
/// Synchronous on purpose, so a cached decision is ready at launch without a suspension point.
/// `UserDefaultsStore` and `FileKeyValueStore` are the live implementations;
/// `InMemoryKeyValueStore` in `LaunchGateTesting` is for tests.
public protocol KeyValueStore: Sendable {
    /// The bytes stored under a key.
    /// - Parameter key: The key.
    /// - Returns: The bytes, or `nil` when nothing is stored.
    func data(forKey key: String) -> Data?

    /// Stores or, with `nil`, removes the bytes under a key.
    /// - Parameters:
    ///   - data: The bytes, or `nil` to remove.
    ///   - key: The key.
    /// - Throws: When the bytes could not be written; what was stored before is kept.
    func set(_ data: Data?, forKey key: String) throws
}
