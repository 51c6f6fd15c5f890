import Foundation

/// The keychain service name under which ``SessionStore``'s items are kept on Apple platforms
/// (`KeychainSessionStore`), and the move from the fixed name of the first releases. Outside the
/// keychain store so Linux tests can check it.
///
/// The name is the app's bundle ID with a suffix, so two apps that share a keychain access group
/// each keep their own session and device ID. It is the *app's* ID in the app's extensions too
/// (a widget is `com.example.notes.widget`, inside `Notes.app`), so an extension that shares the
/// app's access group reads the app's session.
enum KeychainService {
    /// The suffix after the bundle ID.
    static let suffix = "launchgate.sign-in"
    /// The fixed name the first releases used for every app, which items are moved from.
    static let legacy = "launchgate.sign-in"

    /// The default service name for an app.
    /// - Parameter bundleIdentifier: The app's bundle ID; `nil` (a command-line tool, a test) uses the suffix alone.
    /// - Returns: For example `com.example.notes.launchgate.sign-in`.
    static func name(bundleIdentifier: String?) -> String {
        guard let bundleIdentifier, !bundleIdentifier.isEmpty else { return suffix }
        return "\(bundleIdentifier).\(suffix)"
    }

    /// The bundle ID of the app the running bundle belongs to: its own in an app, and in an app
    /// extension (`.appex`) the containing app's: the nearest enclosing `.app`, which is two levels
    /// up on iOS (`Notes.app/PlugIns/Widget.appex`) and three on macOS (`Contents/PlugIns`).
    /// - Parameters:
    ///   - bundleURL: The running bundle's URL (`Bundle.main.bundleURL`).
    ///   - bundleIdentifier: The running bundle's ID.
    ///   - identifierAt: Reads the bundle ID of the bundle at a URL (`Bundle(url:)?.bundleIdentifier`).
    /// - Returns: The app's bundle ID; the running bundle's own when no enclosing app names one.
    static func appBundleIdentifier(bundleURL: URL, bundleIdentifier: String?,
                                    identifierAt: (URL) -> String?) -> String? {
        guard bundleURL.pathExtension == "appex" else { return bundleIdentifier }
        var url = bundleURL.deletingLastPathComponent()
        // A few levels at most: PlugIns, Contents, then the app.
        for _ in 0..<4 {
            if url.pathExtension == "app" { return identifierAt(url) ?? bundleIdentifier }
            url = url.deletingLastPathComponent()
        }
        return bundleIdentifier
    }

    /// Reads an item under `service`. When there is none there, the item an earlier release stored
    /// under the ``legacy`` name is read instead, stored under `service` and removed from the old
    /// name, so updating the SDK neither signs the user out nor gives the device a new ID.
    /// - Parameters:
    ///   - account: The item (the session, the device ID).
    ///   - service: The service name in use.
    ///   - read: Reads an item by service and account; `nil` when there is none.
    ///   - write: Stores an item under a service and account.
    ///   - delete: Removes an item by service and account.
    /// - Returns: The item's data, or `nil` when neither name has it.
    /// - Throws: What `read` throws (a locked keychain, say); a failed move leaves the old item
    ///   where it was, to be moved at the next read.
    static func read(_ account: String, service: String,
                     read: (_ service: String, _ account: String) throws -> Data?,
                     write: (_ data: Data, _ service: String, _ account: String) throws -> Void,
                     delete: (_ service: String, _ account: String) throws -> Void) throws -> Data? {
        if let data = try read(service, account) { return data }
        guard service != legacy, let data = try read(legacy, account) else { return nil }
        do {
            try write(data, service, account)
            try delete(legacy, account)
        } catch {
            // Read from the old name until a move succeeds.
        }
        return data
    }
}
