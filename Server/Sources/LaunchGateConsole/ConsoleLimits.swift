import LaunchGateHTTP

/// The console's request budgets, per session and per client address (``ClientAddressResolver``'s
/// key), on top of the admin API's failed-sign-in limit.
///
/// Previews render every screen of a draft in every locale, so a read token could otherwise make
/// the server render (and send) them as fast as it can ask. Successful sign-ins are limited too:
/// each one adds a session, and the session table is bounded, so signing in without limit would
/// only churn one's own sessions (``ConsoleSessions`` caps them per token) but still costs a
/// write and a hash each.
package struct ConsoleLimits: Sendable {
    /// Previews per session: a burst of 30, then one a second (console.js sends at most one per
    /// pause in typing of 400 ms).
    let previewsPerSession: RateLimiter
    /// Previews per client address, for many sessions behind one address: a burst of 60, then 3 a second.
    let previewsPerClient: RateLimiter
    /// Successful sign-ins per client address: a burst of 10, then one a minute.
    let signInsPerClient: RateLimiter
    /// History pages and whole diffs per session: a burst of 30, then one every 2 s. Each reads
    /// and diffs up to 21 revisions of up to a policy's size (those not in ``PolicyDiffCache``).
    let historyPerSession: RateLimiter

    package init(previewsPerSession: RateLimiter = RateLimiter(capacity: 30, perSecond: 1),
         previewsPerClient: RateLimiter = RateLimiter(capacity: 60, perSecond: 3),
         signInsPerClient: RateLimiter = RateLimiter(capacity: 10, perSecond: 1.0 / 60),
         historyPerSession: RateLimiter = RateLimiter(capacity: 30, perSecond: 0.5)) {
        self.previewsPerSession = previewsPerSession
        self.previewsPerClient = previewsPerClient
        self.signInsPerClient = signInsPerClient
        self.historyPerSession = historyPerSession
    }
}
