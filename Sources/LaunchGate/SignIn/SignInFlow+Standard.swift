import Foundation

extension SignInFlow {
    /// Seed 002's passwordless sign-in with a default for everything but the server: the
    /// platform's own session store (the keychain on Apple platforms, a 0600 file elsewhere) and
    /// `UserDefaults` for the welcome flags.
    ///
    /// ```swift
    /// LaunchGateView(policyURL: policyURL, publicKey: publicKey,
    ///                signIn: .standard(server: URL(string: "https://auth.example.com")!, paths: .app("notes"))) {
    ///     ContentView()
    /// }
    /// ```
    /// - Parameters:
    ///   - server: The sign-in server's root, or the path it is mounted under.
    ///   - paths: The per-app paths (`.app("notes")`) or seed 002's (`.seed`).
    /// - Returns: A flow, signed out until it finds a stored session.
    public static func standard(server: URL, paths: AuthPaths) -> SignInFlow {
        #if canImport(Security)
        let sessions: any SessionStore = KeychainSessionStore()
        #else
        let sessions: any SessionStore = FileSessionStore(url: FileSessionStore.defaultURL())
        #endif
        return SignInFlow(client: AuthClient(baseURL: server, paths: paths), sessions: sessions,
                          store: UserDefaultsStore(defaults: .standard))
    }
}
