/// One rate-limit key charged by a request, with the rules its events must fit.
public struct RateLimitCharge: Sendable, Hashable {
    /// The key events are counted under, such as `send|notes|ada@example.com`.
    public var key: String
    /// Every rule must allow one more event, or nothing is recorded.
    public var rules: [RateLimitRule]

    /// Creates a charge.
    public init(key: String, rules: [RateLimitRule]) {
        self.key = key
        self.rules = rules
    }
}
