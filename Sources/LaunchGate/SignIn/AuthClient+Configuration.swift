extension AuthClient {
    /// Limits and fallbacks for an ``AuthClient``; every one has a default.
    public struct Configuration: Sendable {
        /// The time limit of one request, answer included.
        public var timeout: Duration
        /// The largest answer accepted, in bytes; answers are a few hundred bytes.
        public var maximumResponseSize: Int
        /// What to assume when a send-code answer leaves a field out (an older backend): six digits,
        /// ten minutes, a minute between sends. A seed backend with four-digit codes sets `codeLength: 4`.
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
    }
}
