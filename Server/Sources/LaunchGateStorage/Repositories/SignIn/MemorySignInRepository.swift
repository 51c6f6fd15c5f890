import Foundation

/// An in-memory ``SignInRepository`` for tests and `serve` without a database file. An actor
/// method runs whole, so every claim and count is atomic, as the SQL one is per transaction.
public actor MemorySignInRepository: SignInRepository {
    package var settingsByApp: [String: SignInSettings] = [:]
    package var secrets: [String: String] = [:]
    package var codesByAddress: [String: SignInCodeRecord] = [:]
    package var usersByID: [String: UserRecord] = [:]
    package var sessionsByID: [String: SessionRecord] = [:]
    package var addresses: [String: AddressState] = [:]
    /// When each address's streak last grew, for the sweep.
    package var lastFailures: [String: Date] = [:]
    package var events: [String: [Date]] = [:]
    package var outbox: [String: OutboxMessage] = [:]

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
        codesByAddress[address(code.appID, code.email)] = code
        // Mail still waiting for the code just replaced would only deliver a dead code.
        for var waiting in outbox.values where waiting.appID == code.appID && waiting.email == code.email && waiting.state == .pending {
            waiting.state = .expired
            waiting.sealedCode = nil
            waiting.finishedAt = code.createdAt
            outbox[waiting.id] = waiting
        }
        outbox[mail.id] = mail
    }

    public func claimAttempt(appID: String, email: String, maxAttempts: Int, at now: Date) -> SignInCodeRecord? {
        let key = address(appID, email)
        guard var code = codesByAddress[key], code.consumedAt == nil, now < code.expiresAt, code.attempts < maxAttempts else { return nil }
        code.attempts += 1
        codesByAddress[key] = code
        return code
    }

    public func completeSignIn(codeID: String, appID: String, email: String, newUserID: String, grant: SessionGrant,
                               at now: Date) throws -> SignInCompletion? {
        let key = address(appID, email)
        guard var code = codesByAddress[key], code.id == codeID, code.consumedAt == nil, now < code.expiresAt else { return nil }
        guard sessionsByID[grant.id] == nil else { throw ServiceError.idCollision }
        code.consumedAt = now
        codesByAddress[key] = code
        var user: UserRecord
        let isNew: Bool
        if let existing = usersByID.values.first(where: { $0.appID == appID && $0.email == email }) {
            user = existing
            user.lastSignInAt = now
            isNew = false
        } else {
            guard usersByID[newUserID] == nil else { throw ServiceError.idCollision }
            user = UserRecord(id: newUserID, appID: appID, email: email, createdAt: now, lastSignInAt: now)
            isNew = true
        }
        usersByID[user.id] = user
        let session = SessionRecord(id: grant.id, appID: appID, userID: user.id, deviceID: grant.deviceID, tokenHash: grant.tokenHash,
                                    createdAt: now, expiresAt: grant.expiresAt)
        sessionsByID[session.id] = session
        if var state = addresses[key] {
            state.failures = 0
            addresses[key] = state
        }
        return SignInCompletion(user: user, isNewUser: isNew, session: session)
    }

    // MARK: Addresses

    public func addressState(appID: String, email: String) -> AddressState { addresses[address(appID, email)] ?? AddressState() }

    public func recordFailure(appID: String, email: String, threshold: Int, lockout: TimeInterval, at now: Date) -> AddressState {
        let key = address(appID, email)
        var state = addresses[key] ?? AddressState()
        state.failures += 1
        lastFailures[key] = now
        if state.failures >= threshold {
            state.failures = 0
            state.lockedUntil = now.addingTimeInterval(lockout)
        }
        addresses[key] = state
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

    public func lastEvent(key: String) -> Date? { events[key]?.max() }

    // MARK: Upkeep

    public func sweep(eventsBefore: Date, recordsBefore: Date, at now: Date) -> Int {
        var deleted = 0
        for (key, times) in events {
            let kept = times.filter { $0 >= eventsBefore }
            deleted += times.count - kept.count
            events[key] = kept.isEmpty ? nil : kept
        }
        func drop<Value>(_ table: inout [String: Value], where stale: (Value) -> Bool) {
            let before = table.count
            table = table.filter { !stale($0.value) }
            deleted += before - table.count
        }
        drop(&codesByAddress) { $0.expiresAt < recordsBefore }
        drop(&sessionsByID) { $0.expiresAt < recordsBefore }
        drop(&outbox) { $0.state != .pending && ($0.finishedAt ?? now) < recordsBefore }
        let addressCount = addresses.count
        // A streak nobody added to for the retention period is forgotten, as a lock that ended is.
        addresses = addresses.filter { key, state in
            !((state.failures == 0 || (lastFailures[key] ?? .distantPast) < recordsBefore) && (state.lockedUntil.map { $0 < now } ?? true))
        }
        deleted += addressCount - addresses.count
        lastFailures = lastFailures.filter { addresses[$0.key] != nil }
        return deleted
    }
}
