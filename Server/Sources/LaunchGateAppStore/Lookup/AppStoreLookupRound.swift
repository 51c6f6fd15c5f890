import LaunchGateStorage

/// Asks a link's storefronts within one poll's limits: a few at once
/// (``AppStorePollerConfiguration/lookupsAtOnce``), each start paced by the ``AppStoreLookupPacer``,
/// none started unless its timeout ends before the poll's deadline, and none after
/// ``AppStorePollerConfiguration/timeoutsInARow`` timeouts in a row, since a stalling lookup would
/// only use the deadline up. What wasn't asked is returned as not reached.
struct AppStoreLookupRound: Sendable {
    /// What a round found.
    struct Result: Sendable {
        /// The storefronts that answered.
        var answers: [String: StorefrontRelease] = [:]
        /// The storefronts that failed, one message each (it starts with the storefront's code), sorted.
        var errors: [String] = []
        /// The storefronts not asked, or whose lookup was cancelled, in the order given.
        var notReached: [String] = []
        /// The storefronts that answered "no such app" (their errors are in ``errors`` too).
        var missing: Set<String> = []
        /// Whether the round stopped because the minute's lookups were spent (the pace), rather
        /// than for the deadline or timeouts: no fault of Apple's, and not a failure (attack s14, 9).
        var paced = false
    }

    let lookup: AppStoreLookupClient
    let pacer: AppStoreLookupPacer
    let configuration: AppStorePollerConfiguration
    /// Whether a start may wait for the pace; a sync asks only what the pace allows now. A scheduled
    /// poll, which waits, keeps to ``AppStorePollerConfiguration/pollLookupsPerMinute``, leaving the rest
    /// of the minute to syncs (attack s15b, 9).
    var waitsForPace = true

    /// Asks `storefronts`, in that order as far as the limits let it.
    /// - Throws: What storage throws when the first start can't be reserved. A later reservation that
    ///   fails stops the round as the pace does: the answers in are kept, the rest are not reached and
    ///   the error is in ``Result/errors``, so a poll that spent lookups still records them (review s16, P1).
    func run(_ identity: AppStoreIdentity, storefronts: [String]) async throws -> Result {
        let (lookup, pacer, clock) = (lookup, pacer, pacer.clock)
        let latestStart = clock.now() + configuration.deadline - AppStoreLookupClient.timeout
        let waiting = waitsForPace
        let perMinute = waiting ? configuration.pollLookupsPerMinute : configuration.lookupsPerMinute
        var result = Result()
        var pending = storefronts[...]
        var (inFlight, timeouts, stopped) = (0, 0, false)
        var failure: (any Error)?
        await withTaskGroup(of: (String, Swift.Result<StorefrontRelease, AppStoreLookupError>?).self) { group in
            while true {
                while !stopped, inFlight < configuration.lookupsAtOnce, let storefront = pending.first {
                    // Reserved here, one after another, so the storefronts get their turns in order.
                    let reserved: Duration?
                    do { reserved = try await pacer.reserve(latestStart: latestStart, perMinute: perMinute, waiting: waiting) } catch {
                        // Without a reservation no lookup may start; those already started finish and count.
                        stopped = true
                        if pending.count == storefronts.count { failure = error } else { result.errors.append("lookup pace: \(error)") }
                        break
                    }
                    guard let start = reserved else {
                        // The deadline is near, or the minute's lookups are spent: later starts would be refused too.
                        stopped = true
                        result.paced = clock.now() <= latestStart
                        break
                    }
                    pending.removeFirst()
                    inFlight += 1
                    group.addTask {
                        do { try await clock.sleep(start) } catch { return (storefront, nil) }
                        do {
                            return (storefront, .success(try await lookup.lookup(identity, storefront: storefront)))
                        } catch let error as AppStoreLookupError where !Task.isCancelled {
                            return (storefront, .failure(error))
                        } catch {
                            // Cancelled because the round stopped after timeouts: not an answer from Apple.
                            return (storefront, nil)
                        }
                    }
                }
                guard let (storefront, answer) = await group.next() else { break }
                inFlight -= 1
                switch answer {
                case nil:
                    result.notReached.append(storefront)
                case .success(let release):
                    result.answers[storefront] = release
                    timeouts = 0
                case .failure(let error):
                    result.errors.append(error.message)
                    if error.code == "missing" { result.missing.insert(storefront) }
                    timeouts = error.code == "timeout" ? timeouts + 1 : 0
                    if timeouts >= AppStorePollerConfiguration.timeoutsInARow {
                        stopped = true
                        group.cancelAll()
                    }
                }
            }
        }
        if let failure { throw failure }
        result.notReached += pending
        result.notReached.sort { storefronts.firstIndex(of: $0)! < storefronts.firstIndex(of: $1)! }
        result.errors.sort()
        return result
    }
}
