/// One rate-limit key charged by a request, with the rules its events must fit.
public struct RateLimitCharge: Sendable, Hashable {
    /// The key events are counted under, such as `send|notes|ada@example.com`.
    public var key: String
    /// Every rule must allow one more event, or nothing is recorded.
    public var rules: [RateLimitRule]
    /// Events recorded at once when every rule allows one more (``ShortCodeRoom/charge(_:)``
    /// makes the rules allow them all): one guess compared with several codes is several events.
    public var count: Int

    /// Creates a charge.
    public init(key: String, rules: [RateLimitRule], count: Int = 1) {
        self.key = key
        self.rules = rules
        self.count = count
    }
}
