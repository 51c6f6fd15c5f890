import Foundation

/// An in-memory ``SignInRepository`` for tests and `serve` without a database file. An actor
/// method runs whole, so every claim and count is atomic, as the SQL one is per transaction.
public actor MemorySignInRepository: SignInRepository {
    package var settingsByApp: [String: SignInSettings] = [:]
    package var secrets: [String: String] = [:]
    /// Each address's codes, by the network that asked.
    package var codesByAddress: [String: [String: SignInCodeRecord]] = [:]
    package var usersByID: [String: UserRecord] = [:]
    package var sessionsByID: [String: SessionRecord] = [:]
    /// Each address's failure counts and locks, by network.
    package var addresses: [String: [String: AddressState]] = [:]
    /// When each network's streak at an address last grew, for the sweep.
    package var lastFailures: [String: [String: Date]] = [:]
    package var events: [String: [Date]] = [:]
    /// When each address last signed in from each network (``KnownNetworks``).
    package var knownNetworks: [String: [String: Date]] = [:]
    /// When a guess from a network an address doesn't know was compared with one of its short
    /// codes, one time per code, the last hour's (what ``ShortCodeRoom`` bounds, counted apart
    /// from its charges so that tests can hold one to the other).
    package var shortComparisons: [String: [Date]] = [:]
    package var outbox: [String: OutboxMessage] = [:]
    /// Deleted accounts per app, day and requester (``DailyDeletions``).
    package var deletionCounts: [DeletionCountKey: Int] = [:]

    /// Creates an empty repository.
    public init() {}

    package func address(_ app: String, _ email: String) -> String { "\(app)\u{0}\(email)" }

    // MARK: Settings

    public func settings(appID: String) -> SignInSettings? { settingsByApp[appID] }

    public func saveSettings(_ settings: SignInSettings) { settingsByApp[settings.appID] = settings }

    // MARK: Secrets

    public func secret(named name: String, orStore candidate: String, at now: Date) -> String {
        if let stored = secrets[name] { return stored }
        secrets[name] = candidate
        return candidate
    }

    // MARK: Codes

    public func issueCode(_ code: SignInCodeRecord, mail: OutboxMessage) throws {
        guard outbox[mail.id] == nil else { throw ServiceError.idCollision }
        codesByAddress[address(code.appID, code.email), default: [:]][code.network] = code
        // Mail still waiting for the code just replaced would only deliver a dead code.
        expireWaitingMail(appID: code.appID, email: code.email, network: code.network, at: code.createdAt)
        outbox[mail.id] = mail
    }

    /// Ends the mail still waiting with a network's code at the address, its code erased.
    func expireWaitingMail(appID: String, email: String, network: String, at now: Date) {
        for var waiting in outbox.values
        where waiting.appID == appID && waiting.email == email && waiting.network == network && waiting.state == .pending {
            waiting.state = .expired
            waiting.sealedCode = nil
            waiting.finishedAt = now
            outbox[waiting.id] = waiting
        }
    }

    public func claimAttempt(appID: String, email: String, network: String, maxAttempts: Int, at now: Date) -> SignInCodeRecord? {
        let key = address(appID, email)
        guard var code = codesByAddress[key]?[network], code.consumedAt == nil, now < code.expiresAt, code.attempts < maxAttempts else { return nil }
        code.attempts += 1
        codesByAddress[key]?[network] = code
        return code
    }

    public func liveCodes(appID: String, email: String, maxAttempts: Int, at now: Date) -> [SignInCodeRecord] {
        (codesByAddress[address(appID, email)] ?? [:]).values
            .filter { $0.consumedAt == nil && now < $0.expiresAt && $0.attempts < maxAttempts }
            .sorted { $0.network < $1.network }
    }

    /// The address's code `id` if it is unused and unexpired, whichever network asked for it.
    func unusedCode(id: String, appID: String, email: String, at now: Date) -> SignInCodeRecord? {
        codesByAddress[address(appID, email)]?.values.first { $0.id == id && $0.consumedAt == nil && now < $0.expiresAt }
    }

    /// Marks the address's code `id` used if it is unused and unexpired. - Returns: Whether it was.
    func consume(id: String, appID: String, email: String, at now: Date) -> Bool {
        guard var code = unusedCode(id: id, appID: appID, email: email, at: now) else { return false }
        code.consumedAt = now
        codesByAddress[address(appID, email)]?[code.network] = code
        return true
    }

    public func completeSignIn(codeID: String, appID: String, email: String, network: String, newUserID: String, grant: SessionGrant,
                               at now: Date) throws -> SignInCompletion? {
        guard unusedCode(id: codeID, appID: appID, email: email, at: now) != nil else { return nil }
        guard sessionsByID[grant.id] == nil else { throw ServiceError.idCollision }
        let existing = usersByID.values.first { $0.appID == appID && $0.email == email }
        guard existing != nil || usersByID[newUserID] == nil else { throw ServiceError.idCollision }
        _ = consume(id: codeID, appID: appID, email: email, at: now)
        var user: UserRecord
        let isNew: Bool
        if let existing {
            user = existing
            user.lastSignInAt = now
            isNew = false
        } else {
            user = UserRecord(id: newUserID, appID: appID, email: email, createdAt: now, lastSignInAt: now)
            isNew = true
        }
        usersByID[user.id] = user
        let session = SessionRecord(id: grant.id, appID: appID, userID: user.id, deviceID: grant.deviceID, tokenHash: grant.tokenHash,
                                    createdAt: now, expiresAt: grant.expiresAt)
        sessionsByID[session.id] = session
        clearFailures(appID: appID, email: email, network: network)
        remember(network: network, appID: appID, email: email, at: now)
        return SignInCompletion(user: user, isNewUser: isNew, session: session)
    }

    /// Clears a network's failure count at the address (its lock stays).
    func clearFailures(appID: String, email: String, network: String) {
        let key = address(appID, email)
        if var state = addresses[key]?[network], state.failures != 0 {
            state.failures = 0
            addresses[key]?[network] = state
        }
    }

    /// Remembers that the address signed in from `network` now, forgetting the network that
    /// signed in longest ago past ``KnownNetworks/kept``.
    func remember(network: String, appID: String, email: String, at now: Date) {
        let key = address(appID, email)
        var known = knownNetworks[key] ?? [:]
        known[network] = now
        while known.count > KnownNetworks.kept, let oldest = known.min(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            known[oldest.key] = nil
        }
        knownNetworks[key] = known
    }

    public func isKnownNetwork(appID: String, email: String, network: String, at now: Date) -> Bool {
        knownNetworks[address(appID, email)]?[network].map { $0 > KnownNetworks.since(now) } ?? false
    }

    // MARK: Addresses

    public func addressState(appID: String, email: String, network: String) -> AddressState {
        addresses[address(appID, email)]?[network] ?? AddressState()
    }

    public func recordFailure(appID: String, email: String, network: String, threshold: Int, lockout: TimeInterval, at now: Date) -> AddressState {
        let key = address(appID, email)
        var state = addresses[key]?[network] ?? AddressState()
        state.failures += 1
        lastFailures[key, default: [:]][network] = now
        if state.failures >= threshold {
            state.failures = 0
            state.lockedUntil = now.addingTimeInterval(lockout)
        }
        addresses[key, default: [:]][network] = state
        return state
    }

    // MARK: Rate limits

    public func recordEvent(key: String, rules: [RateLimitRule], at now: Date) -> TimeInterval? {
        let longest = rules.map(\.window).max() ?? 0
        let kept = (events[key] ?? []).filter { now.timeIntervalSince($0) < longest }
        if let wait = rules.compactMap({ $0.wait(after: kept, at: now) }).max() {
            events[key] = kept
            return wait
        }
        events[key] = kept + [now]
        return nil
    }

    public func record(_ charge: RateLimitCharge, at now: Date) -> TimeInterval? {
        guard charge.count > 1 else { return recordEvent(key: charge.key, rules: charge.rules, at: now) }
        if let wait = refusal(of: charge, at: now) { return wait }
        let longest = charge.rules.map(\.window).max() ?? 0
        events[charge.key] = (events[charge.key] ?? []).filter { now.timeIntervalSince($0) < longest } + Array(repeating: now, count: charge.count)
        return nil
    }

    public func record(all charges: [RateLimitCharge], at now: Date) -> TimeInterval? {
        if let wait = refusal(among: charges, at: now) { return wait }
        for charge in charges { _ = record(charge, at: now) }
        return nil
    }

    /// The wait when a rule of `charge` would refuse it now, recording nothing. - Returns: `nil` when it would pass.
    func refusal(of charge: RateLimitCharge, at now: Date) -> TimeInterval? {
        let longest = charge.rules.map(\.window).max() ?? 0
        let kept = (events[charge.key] ?? []).filter { now.timeIntervalSince($0) < longest }
        return charge.rules.compactMap { $0.wait(after: kept, at: now) }.max()
    }

    public func lastEvent(key: String) -> Date? { events[key]?.max() }

    // MARK: Upkeep

    public func sweep(eventsBefore: Date, recordsBefore: Date, at now: Date) -> Int {
        var deleted = 0
        for (key, times) in events {
            let kept = times.filter { $0 >= eventsBefore }
            deleted += times.count - kept.count
            events[key] = kept.isEmpty ? nil : kept
        }
        shortComparisons = shortComparisons.compactMapValues { times in
            let kept = times.filter { now.timeIntervalSince($0) < 3600 }
            return kept.isEmpty ? nil : kept
        }
        func drop<Value>(_ table: inout [String: Value], where stale: (Value) -> Bool) {
            let before = table.count
            table = table.filter { !stale($0.value) }
            deleted += before - table.count
        }
        for (key, codes) in codesByAddress {
            let kept = codes.filter { $0.value.expiresAt >= recordsBefore }
            deleted += codes.count - kept.count
            codesByAddress[key] = kept.isEmpty ? nil : kept
        }
        drop(&sessionsByID) { $0.expiresAt < recordsBefore }
        drop(&outbox) { $0.state != .pending && ($0.finishedAt ?? now) < recordsBefore }
        // A streak nobody added to for the retention period is forgotten, as a lock that ended is.
        for (key, states) in addresses {
            let kept = states.filter { network, state in
                !((state.failures == 0 || (lastFailures[key]?[network] ?? .distantPast) < recordsBefore) && (state.lockedUntil.map { $0 < now } ?? true))
            }
            deleted += states.count - kept.count
            addresses[key] = kept.isEmpty ? nil : kept
            lastFailures[key] = lastFailures[key]?.filter { kept[$0.key] != nil }
        }
        lastFailures = lastFailures.filter { addresses[$0.key] != nil }
        for (key, networks) in knownNetworks {
            let kept = networks.filter { $0.value > KnownNetworks.since(now) }
            deleted += networks.count - kept.count
            knownNetworks[key] = kept.isEmpty ? nil : kept
        }
        return deleted
    }
}
