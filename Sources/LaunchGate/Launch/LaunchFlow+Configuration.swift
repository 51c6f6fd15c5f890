extension LaunchFlow {
    /// How a launch flow behaves beyond its parts; every setting has a default.
    public struct Configuration: Sendable {
        /// Signed-in users who never see an update screen (seed 000 skips the check for
        /// `test@example.com`, so review and test accounts reach the app on any build).
        public var isExemptUser: @Sendable (SignInUser) -> Bool

        /// Creates a configuration.
        /// - Parameter isExemptUser: Which signed-in users skip the update screens; nobody by default.
        public init(isExemptUser: @escaping @Sendable (SignInUser) -> Bool = { _ in false }) {
            self.isExemptUser = isExemptUser
        }

        /// Exempts the users with these addresses, compared without case (seed 000's test user).
        /// - Parameter emails: The addresses.
        /// - Returns: A configuration.
        public static func exempting(emails: Set<String>) -> Configuration {
            let lowered = Set(emails.map { $0.lowercased() })
            return Configuration(isExemptUser: { lowered.contains($0.email.description.lowercased()) })
        }
    }
}
