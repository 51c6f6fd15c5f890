import Foundation

/// The translations shipped as package resources (`Resources/Strings/<language>.json`, a flat
/// `{"key": "text"}` object), each language's file read at most once per process.
///
/// The cache is bounded by ``LaunchGateStrings/supportedLanguages``, a fixed set.
final class StringTables: @unchecked Sendable {
    /// The package's own resources.
    static let shipped = StringTables { language in
        resourceBundle?.url(forResource: language, withExtension: "json", subdirectory: "Strings")
    }

    /// The package's resource bundle, or `nil` when it isn't there (a binary copied without it):
    /// then every text is English, which is compiled in.
    private static let resourceBundle = ResourceBundle.locate(named: "LaunchGate_LaunchGate", module: Bundle.module,
                                                              anchor: StringTables.self)

    private let locate: @Sendable (String) -> URL?
    // NSLock rather than Mutex: Mutex needs iOS 18, and the SDK supports iOS 17.
    private let lock = NSLock()
    private var loaded: [String: [String: String]?] = [:]
    private var reads = 0

    /// Creates tables read from wherever `locate` says a language's file is.
    /// - Parameter locate: The file for a language tag, or `nil` when there is none.
    init(locate: @escaping @Sendable (String) -> URL?) {
        self.locate = locate
    }

    /// A language's table, or `nil` when its file is missing or isn't a flat object of strings.
    func table(for language: String) -> [String: String]? {
        lock.withLock {
            if let cached = loaded[language] { return cached }
            reads += 1
            let table = locate(language).flatMap(Self.read)
            // A failure is cached too: a broken file stays broken for the life of the process.
            loaded.updateValue(table, forKey: language)
            return table
        }
    }

    /// How many files have been read, for tests of the cache.
    var readCount: Int { lock.withLock { reads } }

    private static func read(_ url: URL) -> [String: String]? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode([String: String].self, from: data)
    }
}
