extension SignInFlow {
    /// How a flow behaves; every setting has a default.
    public struct Configuration: Sendable {
        /// Verifies as soon as the last digit is typed, instead of waiting for ``SignInFlow/verify()``
        /// (the original sign-in app waits for a button).
        public var verifiesWhenComplete: Bool
        /// The prefix of the keys the flow writes to its ``KeyValueStore`` (the per-user welcome flags).
        public var storeKeyPrefix: String

        /// Creates a configuration.
        /// - Parameters:
        ///   - verifiesWhenComplete: Whether a complete code verifies itself.
        ///   - storeKeyPrefix: The store key prefix.
        public init(verifiesWhenComplete: Bool = false, storeKeyPrefix: String = "launchgate") {
            self.verifiesWhenComplete = verifiesWhenComplete
            self.storeKeyPrefix = storeKeyPrefix
        }
    }
}
