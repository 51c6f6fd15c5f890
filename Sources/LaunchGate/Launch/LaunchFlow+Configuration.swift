extension LaunchFlow {
    /// How a launch flow behaves beyond its parts; every setting has a default.
    public struct Configuration: Sendable {
        /// Signed-in users who never see an update screen (the original `/api/version` app skipped
        /// the check for `test@example.com`, so review and test accounts reach the app on any build).
        public var isExemptUser: @Sendable (SignInUser) -> Bool
        /// Whether whoever uses the app now is exempt, for an app with its own sign-in: asked each
        /// time the flow works out ``LaunchFlow/state``. Read an `@Observable` value in it (the app's
        /// signed-in account, say) and the screens follow its changes, as views do.
        public var isExempt: @MainActor @Sendable () -> Bool
        /// Runs after the user confirms an account deletion and before LaunchGate asks its server to
        /// delete the account: delete what the app's own backend keeps for the user here, while the
        /// session token still authenticates (it stops working everywhere once the account is gone).
        /// Throw to stop: the account is kept and the confirmation comes back with the error
        /// (its `LocalizedError.errorDescription`, when it has one).
        public var willDeleteAccount: @MainActor @Sendable (SignInSession) async throws -> Void
        /// Runs once the server has deleted the account, signed out: delete what the app keeps for
        /// the user on the device (its files, caches, defaults).
        public var onAccountDeleted: @MainActor @Sendable (SignInUser) -> Void

        /// Creates a configuration.
        /// - Parameters:
        ///   - isExemptUser: Which users signed in through LaunchGate skip the update screens; nobody by default.
        ///   - isExempt: Whether the app's own signed-in user skips them now; nobody by default.
        ///   - willDeleteAccount: The app's own deletion, before LaunchGate's; nothing by default.
        ///   - onAccountDeleted: The app's own clean-up on the device, after the deletion; nothing by default.
        public init(isExemptUser: @escaping @Sendable (SignInUser) -> Bool = { _ in false },
                    isExempt: @escaping @MainActor @Sendable () -> Bool = { false },
                    willDeleteAccount: @escaping @MainActor @Sendable (SignInSession) async throws -> Void = { _ in },
                    onAccountDeleted: @escaping @MainActor @Sendable (SignInUser) -> Void = { _ in }) {
            self.isExemptUser = isExemptUser
            self.isExempt = isExempt
            self.willDeleteAccount = willDeleteAccount
            self.onAccountDeleted = onAccountDeleted
        }

        /// Exempts the users with these addresses, compared without case, when they sign in through LaunchGate.
        /// - Parameter emails: The addresses.
        /// - Returns: A configuration.
        public static func exempting(emails: Set<String>) -> Configuration {
            let lowered = Set(emails.map { $0.lowercased() })
            return Configuration(isExemptUser: { lowered.contains($0.email.description.lowercased()) })
        }

        /// Exempts whoever the app says, for apps whose users sign in with the app's own code rather
        /// than LaunchGate's:
        ///
        /// ```swift
        /// LaunchFlow(updates: monitor, configuration: .exempting(when: { account.email == "review@example.com" }))
        /// ```
        /// - Parameter isExempt: Whether the user now is exempt; see ``isExempt``.
        /// - Returns: A configuration.
        public static func exempting(when isExempt: @escaping @MainActor @Sendable () -> Bool) -> Configuration {
            Configuration(isExempt: isExempt)
        }
    }
}
