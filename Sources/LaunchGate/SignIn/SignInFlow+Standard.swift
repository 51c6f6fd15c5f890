import Foundation

extension SignInFlow {
    /// Passwordless sign-in with a default for everything but the server: the
    /// platform's own session store (the keychain on Apple platforms, a 0600 file elsewhere) and
    /// `UserDefaults` for the welcome flags.
    ///
    /// ```swift
    /// LaunchGateView(policyURL: policyURL, publicKey: publicKey,
    ///                signIn: .standard(server: URL(string: "https://auth.example.com")!, paths: .app("notes"))) {
    ///     ContentView()
    /// }
    /// ```
    ///
    /// A backend that sends no `code_length` (the original `/api/auth` one emails four digits) gets
    /// a field of `codeLength` digits:
    ///
    /// ```swift
    /// SignInFlow.standard(server: URL(string: "https://legacy.example.com")!, paths: .seed, codeLength: 4)
    /// ```
    /// - Parameters:
    ///   - server: The sign-in server's root, or the path it is mounted under.
    ///   - paths: The per-app paths (`.app("notes")`) or the original `/api/auth` ones (`.seed`).
    ///   - codeLength: The code's digits when the server's answer doesn't say (4 to 10); `nil`
    ///     takes ``AuthClient/Configuration/defaultCodeLength(for:)``: 4 on `.seed`, 6 otherwise.
    ///     A server that sends `code_length`, as LaunchGate's does, is always followed.
    ///   - configuration: The flow's behaviour, such as verifying a complete code at once.
    /// - Returns: A flow, signed out until it finds a stored session.
    public static func standard(server: URL, paths: AuthPaths, codeLength: Int? = nil,
                                configuration: Configuration = Configuration()) -> SignInFlow {
        let length = codeLength ?? AuthClient.Configuration.defaultCodeLength(for: paths)
        precondition(CodeDelivery.codeLengths.contains(length),
                     "LaunchGate: codeLength \(length) is outside \(CodeDelivery.codeLengths); sign-in codes have 4 to 10 digits.")
        #if canImport(Security)
        let sessions: any SessionStore = KeychainSessionStore()
        #else
        let sessions: any SessionStore = FileSessionStore(url: FileSessionStore.defaultURL())
        #endif
        let client = AuthClient(baseURL: server, paths: paths,
                                configuration: .init(fallbackDelivery: CodeDelivery(codeLength: length)))
        return SignInFlow(client: client, sessions: sessions, store: UserDefaultsStore(defaults: .standard),
                          configuration: configuration)
    }
}
