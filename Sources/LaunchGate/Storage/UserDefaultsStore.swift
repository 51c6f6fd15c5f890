import Foundation

/// A ``KeyValueStore`` over `UserDefaults`, the live store on Apple platforms.
public struct UserDefaultsStore: KeyValueStore, @unchecked Sendable {
    // UserDefaults is documented as thread-safe; it just isn't marked Sendable.
    private let defaults: UserDefaults

    /// Creates a store.
    /// - Parameter defaults: The defaults to use; pass a suite to keep LaunchGate's keys apart.
    public init(defaults: UserDefaults) { self.defaults = defaults }

    /// The bytes under a key.
    public func data(forKey key: String) -> Data? { defaults.data(forKey: key) }

    /// Stores or removes bytes under a key.
    public func set(_ data: Data?, forKey key: String) throws {
        if let data { defaults.set(data, forKey: key) } else { defaults.removeObject(forKey: key) }
    }
}
