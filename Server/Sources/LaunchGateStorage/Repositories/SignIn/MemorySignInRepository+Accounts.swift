import Foundation

extension MemorySignInRepository {
    // MARK: Sessions

    public func session(tokenHash: String) -> (SessionRecord, UserRecord)? {
        guard let session = sessionsByID.values.first(where: { $0.tokenHash == tokenHash }),
              let user = usersByID[session.userID] else { return nil }
        return (session, user)
    }

    public func revokeSession(tokenHash: String, at now: Date) -> Bool {
        guard var session = sessionsByID.values.first(where: { $0.tokenHash == tokenHash }), session.revokedAt == nil else { return false }
        session.revokedAt = now
        sessionsByID[session.id] = session
        return true
    }

    public func revokeSessions(appID: String, _ selector: SessionSelector, at now: Date) -> Int {
        let chosen = sessionsByID.values.filter { session in
            guard session.appID == appID, session.revokedAt == nil else { return false }
            switch selector {
            case .session(let id): return session.id == id
            case .user(let id): return session.userID == id
            case .device(let id): return session.deviceID == id
            }
        }
        for var session in chosen {
            session.revokedAt = now
            sessionsByID[session.id] = session
        }
        return chosen.count
    }

    public func sessions(appID: String, userID: String) -> [SessionRecord] {
        sessionsByID.values.filter { $0.appID == appID && $0.userID == userID }.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
    }

    // MARK: Users

    public func users(appID: String, after email: String?, limit: Int) -> [UserRecord] {
        Array(usersByID.values.filter { user in user.appID == appID && email.map { user.email > $0 } ?? true }
            .sorted { $0.email < $1.email }.prefix(max(0, limit)))
    }

    public func user(appID: String, id: String) -> UserRecord? {
        usersByID[id].flatMap { $0.appID == appID ? $0 : nil }
    }

    public func user(appID: String, email: String) -> UserRecord? {
        usersByID.values.first { $0.appID == appID && $0.email == email }
    }

    public func deleteUser(_ deletion: AccountDeletion, event: PendingWebhookEvent?, at now: Date) async throws -> Bool {
        let (appID, id) = (deletion.appID, deletion.userID)
        guard let user = user(appID: appID, id: id) else { return false }
        usersByID[id] = nil
        sessionsByID = sessionsByID.filter { $0.value.userID != id }
        let key = address(appID, user.email)
        codesByAddress[key] = nil
        addresses[key] = nil
        lastFailures[key] = nil
        knownNetworks[key] = nil
        shortComparisons[key] = nil
        outbox = outbox.filter { !($0.value.appID == appID && $0.value.email == user.email) }
        events = events.filter { !deletion.erases(limitKey: $0.key) }
        deletionCounts[DeletionCountKey(appID: appID, day: InstallDay.of(now), requester: deletion.requester), default: 0] += 1
        // No transaction to share: the event is queued after the change, awaiting another actor
        // meanwhile, and a failed enqueue leaves the change (PendingWebhookEvent; review s14, K5).
        try await event?.enqueue()
        return true
    }

    public func deletions(appID: String, since: Date) -> [DailyDeletions] {
        deletionCounts.filter { $0.key.appID == appID && $0.key.day >= InstallDay.of(since) }
            .sorted { ($0.key.day, $0.key.requester.rawValue) < ($1.key.day, $1.key.requester.rawValue) }
            .map { DailyDeletions(day: InstallDay.start($0.key.day), requester: $0.key.requester, count: $0.value) }
    }

    // MARK: Outbox

    public func claimDueMail(at now: Date, lease: TimeInterval, limit: Int) -> [OutboxMessage] {
        let due = OutboxMessage.inTurns(outbox.values.filter { $0.state == .pending && $0.nextAttemptAt <= now }).prefix(max(0, limit))
        return due.map { message in
            var claimed = message
            claimed.attempts += 1
            claimed.nextAttemptAt = now.addingTimeInterval(lease)
            outbox[claimed.id] = claimed
            return claimed
        }
    }

    public func retryMail(id: String, error: String, nextAttemptAt: Date) {
        guard var message = outbox[id], message.state == .pending else { return }
        message.lastError = error
        message.nextAttemptAt = nextAttemptAt
        outbox[id] = message
    }

    public func finishMail(id: String, state: OutboxMessage.State, error: String?, event: PendingWebhookEvent?, at now: Date) async throws {
        guard var message = outbox[id], message.state == .pending else { return }
        message.state = state
        message.lastError = error ?? message.lastError
        message.sealedCode = nil
        message.finishedAt = now
        outbox[id] = message
        // No transaction to share: the event is queued after the change, awaiting another actor
        // meanwhile, and a failed enqueue leaves the change (PendingWebhookEvent; review s14, K5).
        try await event?.enqueue()
    }

    public func takeDeliveryFailure(appID: String, email: String) -> String? {
        let failures = outbox.values.filter { $0.appID == appID && $0.email == email && $0.state == .failed && !$0.failureReported }
        for var message in failures {
            message.failureReported = true
            outbox[message.id] = message
        }
        guard let newest = failures.max(by: { ($0.finishedAt ?? $0.createdAt, $0.id) < ($1.finishedAt ?? $1.createdAt, $1.id) }) else {
            return nil
        }
        return newest.lastError ?? OutboxMessage.unknownFailure
    }

    public func outboxStatus(excludingApp: String?) -> OutboxStatus {
        var counts = Dictionary(uniqueKeysWithValues: OutboxMessage.State.allCases.map { ($0.rawValue, 0) })
        let messages = outbox.values.filter { $0.appID != excludingApp }
        for message in messages { counts[message.state.rawValue, default: 0] += 1 }
        let failures = messages.filter { $0.state == .failed }
            .sorted { ($0.finishedAt ?? $0.createdAt, $0.id) > ($1.finishedAt ?? $1.createdAt, $1.id) }.prefix(50)
        return OutboxStatus(counts: counts, oldestPendingAt: messages.filter { $0.state == .pending }.map(\.createdAt).min(),
                            failures: Array(failures))
    }
}
