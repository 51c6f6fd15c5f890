extension AuthClient {
    /// Limits and fallbacks for an ``AuthClient``; every one has a default.
    public struct Configuration: Sendable {
        /// The time limit of one request, answer included.
        public var timeout: Duration
        /// The largest answer accepted, in bytes; answers are a few hundred bytes.
        public var maximumResponseSize: Int
        /// What to assume when a send-code answer leaves a field out (an older backend): six digits,
        /// ten minutes, a minute between sends. A backend with four-digit codes sets `codeLength: 4`;
        /// ``AuthClient/init(baseURL:paths:transport:configuration:)`` does so itself on ``AuthPaths/seed``.
        public var fallbackDelivery: CodeDelivery

        /// Creates a configuration.
        /// - Parameters:
        ///   - timeout: One request's time limit.
        ///   - maximumResponseSize: The answer size cap in bytes.
        ///   - fallbackDelivery: Values for fields a send-code answer omits.
        public init(timeout: Duration = .seconds(15), maximumResponseSize: Int = 16 * 1024,
                    fallbackDelivery: CodeDelivery = CodeDelivery()) {
            self.timeout = timeout
            self.maximumResponseSize = maximumResponseSize
            self.fallbackDelivery = fallbackDelivery
        }

        /// How many digits a code has when the server doesn't say, on these paths: four on
        /// ``AuthPaths/seed``, whose original backend emails four-digit codes and sends no
        /// `code_length` (a LaunchGate server always sends it), and six elsewhere.
        /// - Parameter paths: The server's paths.
        /// - Returns: The length in digits.
        public static func defaultCodeLength(for paths: AuthPaths) -> Int {
            paths == .seed ? 4 : CodeDelivery().codeLength
        }
    }
}
