/// The keychain service name under which ``SessionStore``'s items are kept on Apple platforms
/// (`KeychainSessionStore`): the app's bundle ID with a suffix, so two apps that share a keychain
/// access group each keep their own session and device ID. Outside the keychain store so Linux
/// tests can check it.
enum KeychainService {
    /// The suffix after the bundle ID.
    static let suffix = "launchgate.sign-in"

    /// The default service name for an app.
    /// - Parameter bundleIdentifier: The app's bundle ID; `nil` (a command-line tool, a test) uses the suffix alone.
    /// - Returns: For example `com.example.notes.launchgate.sign-in`.
    static func name(bundleIdentifier: String?) -> String {
        guard let bundleIdentifier, !bundleIdentifier.isEmpty else { return suffix }
        return "\(bundleIdentifier).\(suffix)"
    }
}
