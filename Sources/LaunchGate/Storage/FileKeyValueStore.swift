import Foundation

/// A ``KeyValueStore`` in one JSON file, the live store on Linux and a choice anywhere.
///
/// Every write replaces the file atomically (write to a temporary file, then rename), so a
/// crash mid-write leaves the previous contents. A file that can't be read (corrupt, or from
/// a future version) is set aside as `<name>.corrupt` and the store starts empty: it only
/// holds a cache and throttle state, which the next check rebuilds.
public final class FileKeyValueStore: KeyValueStore, @unchecked Sendable {
    private let url: URL
    private let lock = NSLock()
    private var values: [String: Data]

    /// Opens or creates the store.
    /// - Parameter url: The file; its directory is created when missing.
    public init(url: URL) {
        self.url = url
        let data = try? Data(contentsOf: url)
        if let data, let decoded = try? JSONDecoder().decode([String: Data].self, from: data) {
            values = decoded
        } else {
            if data != nil {
                let aside = url.appendingPathExtension("corrupt")
                try? FileManager.default.removeItem(at: aside)
                try? FileManager.default.moveItem(at: url, to: aside)
            }
            values = [:]
        }
    }

    /// The default location: `LaunchGate/state.json` in the app's Application Support directory.
    /// - Parameter fileManager: The file manager to ask for the directory.
    /// - Returns: The file URL.
    public static func defaultURL(fileManager: FileManager = .default) -> URL {
        let base = fileManager.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? fileManager.temporaryDirectory
        return base.appendingPathComponent("LaunchGate/state.json")
    }

    /// The bytes under a key.
    public func data(forKey key: String) -> Data? { lock.withLock { values[key] } }

    /// Stores or removes bytes and writes the file atomically; on failure nothing changes.
    public func set(_ data: Data?, forKey key: String) throws {
        try lock.withLock {
            var updated = values
            updated[key] = data
            let encoded = try JSONEncoder().encode(updated)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoded.write(to: url, options: .atomic)
            values = updated
        }
    }
}
