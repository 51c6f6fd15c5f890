import Foundation
import LaunchGate

/// An in-memory ``LaunchGateRepository`` for tests and `serve --memory`.
public actor MemoryRepository: LaunchGateRepository {
    private var appsByID: [String: AppRecord] = [:]
    private var revisionsByKey: [String: [PolicyRevision]] = [:]
    private var stamp = 0
    private var tokensByID: [String: TokenRecord] = [:]
    private var keys: [SigningKeyRecord] = []
    /// Key IDs in the order they were activated: the last one signs.
    private var activations: [String] = []
    private var exemptionsByKey: [String: Exemption] = [:]

    /// Creates an empty repository.
    public init() {}

    private func key(_ app: String, _ channel: ReleaseChannel) -> String { "\(app)|\(channel.rawValue)" }

    public func createApp(_ app: AppRecord) throws {
        guard appsByID[app.id] == nil else { throw ServiceError.appExists(app.id) }
        appsByID[app.id] = app
        stamp += 1
    }

    public func app(id: String) -> AppRecord? { appsByID[id] }

    public func apps() -> [AppRecord] { appsByID.values.sorted { $0.id < $1.id } }

    public func publish(appID: String, channel: ReleaseChannel, policy: UpdatePolicy, author: String, note: String?, at now: Date,
                        expectedRevision: Int?, condition: PublishCondition?,
                        events: (@Sendable (PolicyRevision) -> [PendingWebhookEvent])?) async throws -> PolicyRevision {
        // No transaction to share: the condition is asked just before and the events queued just after,
        // each across a suspension in which the actor may run other calls (memory's weaker guarantee).
        if let condition, !(try await condition.holds()) { throw ServiceError.publishRace(appID, channel: channel) }
        let revision: PolicyRevision
        do {
            revision = try publishNow(appID: appID, channel: channel, policy: policy, author: author, note: note, at: now, expectedRevision: expectedRevision)
        } catch {
            // What a transaction's rollback would undo: an unlink's removal of its link (review s14, L5).
            await condition?.undo()
            throw error
        }
        await condition?.committed()
        // A failed enqueue leaves the revision in place (memory's weaker guarantee, PendingWebhookEvent; review s14, K5).
        for event in events?(revision) ?? [] { try await event.enqueue() }
        return revision
    }

    private func publishNow(appID: String, channel: ReleaseChannel, policy: UpdatePolicy, author: String, note: String?, at now: Date,
                            expectedRevision: Int?) throws -> PolicyRevision {
        guard appsByID[appID] != nil else { throw ServiceError.appNotFound(appID) }
        let previous = revisionsByKey[key(appID, channel)]?.last
        if let expectedRevision, expectedRevision != previous?.number ?? 0 { throw ServiceError.publishRace(appID, channel: channel) }
        let (document, issuedAt) = try Self.stamped(policy, after: previous, exemptions: exemptions(appID: appID), now: now)
        let revision = PolicyRevision(appID: appID, channel: channel, number: (previous?.number ?? 0) + 1,
                                      document: document, issuedAt: issuedAt, author: author, note: note)
        revisionsByKey[key(appID, channel), default: []].append(revision)
        stamp += 1
        return revision
    }

    public nonisolated func atRevision(appID: String, channel: ReleaseChannel, number: Int) -> PublishCondition {
        let holds: @Sendable () async throws -> Bool = { [self] in await currentRevision(appID: appID, channel: channel)?.number ?? 0 == number }
        return PublishCondition(sql: { _ in try await holds() }, memory: holds)
    }

    public func currentRevision(appID: String, channel: ReleaseChannel) -> PolicyRevision? {
        revisionsByKey[key(appID, channel)]?.last
    }

    public func revision(appID: String, channel: ReleaseChannel, number: Int) -> PolicyRevision? {
        revisionsByKey[key(appID, channel)]?.first { $0.number == number }
    }

    public func revisions(appID: String, channel: ReleaseChannel) -> [PolicyRevision] {
        (revisionsByKey[key(appID, channel)] ?? []).reversed()
    }

    public func revisions(appID: String, channel: ReleaseChannel, through number: Int, limit: Int) -> [PolicyRevision] {
        Array((revisionsByKey[key(appID, channel)] ?? []).reversed().filter { $0.number <= number }.prefix(max(limit, 0)))
    }

    public func changeStamp() -> Int { stamp }

    public func saveToken(_ token: TokenRecord) throws {
        guard tokensByID[token.id] == nil else { throw ServiceError.idCollision }
        tokensByID[token.id] = token
    }

    public func token(id: String) -> TokenRecord? { tokensByID[id] }

    public func tokens() -> [TokenRecord] {
        tokensByID.values.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
    }

    public func recordTokenUse(id: String, at time: Date) {
        guard var token = tokensByID[id], token.lastUsedAt.map({ $0 < time }) ?? true else { return }
        token.lastUsedAt = time
        tokensByID[id] = token
    }

    public func revokeToken(id: String, at now: Date) -> Bool {
        guard var token = tokensByID[id], token.revokedAt == nil else { return false }
        token.revokedAt = now
        tokensByID[id] = token
        return true
    }

    public func saveSigningKey(_ key: SigningKeyRecord, activate: Bool) {
        var key = key
        key.activatedAt = activate ? key.createdAt : nil
        key.sequence = activate ? activations.count + 1 : 0
        keys.append(key)
        // Only an active key changes what is served.
        if activate { activations.append(key.id); stamp += 1 }
    }

    public func activeSigningKey() -> SigningKeyRecord? {
        activations.last.flatMap { id in keys.first { $0.id == id } }
    }

    public func signingKeys() -> [SigningKeyRecord] { keys }

    public func activateSigningKey(id: String, at now: Date) -> SigningKeyRecord? {
        guard let index = keys.firstIndex(where: { $0.id == id }) else { return nil }
        keys[index].activatedAt = now
        keys[index].sequence = activations.count + 1
        activations.append(id)
        stamp += 1
        return keys[index]
    }

    private func key(_ exemption: (String, ExemptionKind, String)) -> String { "\(exemption.0)|\(exemption.1.rawValue)|\(exemption.2)" }

    public func saveExemption(_ exemption: Exemption, author: String, note: String?, at now: Date) throws {
        try changeExemptions(appID: exemption.appID, author: author, note: note, at: now) {
            guard appsByID[exemption.appID] != nil else { throw ServiceError.appNotFound(exemption.appID) }
            exemptionsByKey[key((exemption.appID, exemption.kind, exemption.value))] = exemption
            let count = exemptionsByKey.values.count { $0.appID == exemption.appID }
            if count > PolicyLimits.exemptions { throw ServiceError.tooManyExemptions(count - 1) }
            return true
        }
    }

    public func removeExemption(appID: String, kind: ExemptionKind, value: String, author: String, note: String?, at now: Date) throws -> Bool {
        try changeExemptions(appID: appID, author: author, note: note, at: now) {
            exemptionsByKey.removeValue(forKey: key((appID, kind, value))) != nil
        }
    }

    /// Changes the exemptions and publishes each channel's current document again with them, or,
    /// when either throws, leaves exemptions and revisions as they were (an actor method runs
    /// whole, so this is atomic).
    /// - Parameter change: Changes the exemptions; `false` when there was nothing to change.
    @discardableResult
    private func changeExemptions(appID: String, author: String, note: String?, at now: Date, _ change: () throws -> Bool) throws -> Bool {
        let (savedExemptions, savedRevisions) = (exemptionsByKey, revisionsByKey)
        do {
            guard try change() else { return false }
            for channel in ReleaseChannel.allCases {
                guard let current = currentRevision(appID: appID, channel: channel) else { continue }
                _ = try publishNow(appID: appID, channel: channel, policy: UpdatePolicy(json: current.document), author: author, note: note, at: now,
                                   expectedRevision: nil)
            }
        } catch {
            (exemptionsByKey, revisionsByKey) = (savedExemptions, savedRevisions)
            throw error
        }
        stamp += 1
        return true
    }

    public func exemptions(appID: String) -> [Exemption] {
        exemptionsByKey.values.filter { $0.appID == appID }.sorted { ($0.kind.rawValue, $0.value) < ($1.kind.rawValue, $1.value) }
    }
}
