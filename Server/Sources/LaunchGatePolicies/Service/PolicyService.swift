import Crypto
import Foundation
import LaunchGate
import LaunchGateStorage
import Logging
import NIOCore

/// Publishing, rollback and serving of policies, shared by the HTTP API and the CLI.
public struct PolicyService: Sendable {
    package let repository: any LaunchGateRepository
    package let signingKeys: SigningKeys
    package let cache: DocumentCache
    package let now: @Sendable () -> Date

    /// Creates the service.
    public init(repository: any LaunchGateRepository, signingKeys: SigningKeys, now: @escaping @Sendable () -> Date = Date.init) {
        self.repository = repository
        self.signingKeys = signingKeys
        self.cache = DocumentCache()
        self.now = now
    }

    /// The longest note a revision may carry, in UTF-8 bytes (as every text limit is, see
    /// ``PolicyLimits``): the API, the CLI and the console all publish through here.
    public static let maximumNoteBytes = 500

    // MARK: Publishing

    /// Checks a revision's note against ``maximumNoteBytes`` and ``DisplayText``'s rule (one line,
    /// no control or direction characters: `policy history` prints one row per revision), the
    /// one rule every way of publishing shares (the console calls it too, to show the problem
    /// next to its field).
    /// - Throws: ``ServiceError`` `invalid-note`.
    public static func validateNote(_ note: String?) throws {
        let bytes = note?.utf8.count ?? 0
        guard bytes <= maximumNoteBytes else { throw ServiceError.noteTooLong(bytes: bytes, limit: maximumNoteBytes) }
        guard DisplayText.isValidNote(note) else { throw ServiceError.invalidNoteText }
    }

    /// Validates and publishes a policy as the app's newest revision.
    ///
    /// The app's exemptions replace any the document names, so each revision carries, signed,
    /// the list that was current when it was published.
    /// - Parameter expectedRevision: The revision the caller checked the policy against (0: none),
    ///   or `nil` to publish over whatever is current.
    /// - Parameter condition: Checked in the publish's own transaction (``PublishCondition``).
    /// - Parameter events: The webhook events reporting the revision, stored in the publish's own
    ///   transaction (``PendingWebhookEvent``).
    /// - Throws: ``ServiceError`` `invalid-policy` with every field issue, `invalid-note`, `app-not-found`,
    ///   or `publish-race` when the current revision is no longer `expectedRevision` or `condition` no longer holds.
    public func publish(_ policy: UpdatePolicy, app: String, channel: ReleaseChannel, author: String, note: String? = nil,
                        expectedRevision: Int? = nil, condition: PublishCondition? = nil,
                        events: (@Sendable (PolicyRevision) -> [PendingWebhookEvent])? = nil) async throws -> PolicyRevision {
        try Self.validateNote(note)
        var policy = policy
        // Validated with the current list; the repository stamps the list it reads in the publish's
        // own transaction, so an exemption added meanwhile is never dropped.
        policy.exemptions = PolicyExemptions(stored: try await repository.exemptions(appID: app))
        let issues = policy.validate()
        guard issues.isEmpty else { throw ServiceError.invalidPolicy(issues) }
        let revision = try await repository.publish(appID: app, channel: channel, policy: policy, author: author, note: note, at: now(),
                                                    expectedRevision: expectedRevision, condition: condition, events: events)
        cache.removeAll()
        return revision
    }

    /// An earlier revision's document, which a rollback publishes again; the rollback itself goes
    /// through ``AdoptionService/rollback(app:channel:to:author:confirmed:)`` so the publish guard sees it.
    /// - Throws: ``ServiceError`` `revision-not-found` or `app-not-found`.
    public func policy(app: String, channel: ReleaseChannel, revision number: Int) async throws -> UpdatePolicy {
        guard let target = try await repository.revision(appID: app, channel: channel, number: number) else {
            guard try await repository.app(id: app) != nil else { throw ServiceError.appNotFound(app) }
            throw ServiceError.revisionNotFound(app, channel: channel, number: number)
        }
        return try UpdatePolicy(json: target.document)
    }

    /// The current policy.
    /// - Throws: ``ServiceError`` `app-not-found` or `no-policy`.
    public func current(app: String, channel: ReleaseChannel) async throws -> (PolicyRevision, UpdatePolicy) {
        guard let revision = try await repository.currentRevision(appID: app, channel: channel) else {
            guard try await repository.app(id: app) != nil else { throw ServiceError.appNotFound(app) }
            throw ServiceError.noPolicy(app, channel: channel)
        }
        return (revision, try UpdatePolicy(json: revision.document))
    }

    // MARK: Serving

    /// The current policy as the read path serves it: from memory after the first request
    /// following a change, and refused at once for an app that doesn't exist.
    /// - Throws: ``ServiceError`` `app-not-found` or `no-policy`.
    public func served(app: String, channel: ReleaseChannel) async throws -> UpdatePolicy {
        let key = ServedPolicyKey(app: app, channel: channel)
        if let policy = cache.policy(for: key) { return policy }
        let generation = cache.generation
        // The requests that missed together (every one, after a change) share one read.
        return try await cache.policyLoads.value(for: key, generation: generation) {
            guard try await appExists(app) else { throw ServiceError.appNotFound(app) }
            guard !cache.isUnpublished(key) else { throw ServiceError.noPolicy(app, channel: channel) }
            guard let revision = try await repository.currentRevision(appID: app, channel: channel) else {
                cache.storeUnpublished(key, builtIn: generation)
                throw ServiceError.noPolicy(app, channel: channel)
            }
            var policy = try UpdatePolicy(json: revision.document)
            // The revision's number travels with the served policy so every signed document names it
            // (the SDK's prompt funnel counts per revision); the stored document never holds it.
            policy.subject = PolicySubject(app: app, channel: channel, revision: revision.number)
            cache.store(policy, for: key, builtIn: generation)
            return policy
        }
    }

    /// The document ``document(app:channel:platform:format:)`` built for `key` since the last
    /// change, or `nil`: memory only, never the database, so the hot path can ask without waiting.
    package func preparedDocument(for key: DocumentKey) -> ServedDocument? {
        cache.document(for: key)
    }

    /// A ready-to-send document, from the cache or built and cached.
    /// - Parameters:
    ///   - app: The app.
    ///   - channel: The channel.
    ///   - platform: The platform; `nil` serves the whole canonical document.
    ///   - format: Canonical or a seed shape.
    public func document(app: String, channel: ReleaseChannel, platform: Platform?, format: DocumentFormat) async throws -> ServedDocument {
        let key = DocumentKey(app: app, channel: channel, platform: platform, format: format)
        if let cached = cache.document(for: key) { return cached }
        let generation = cache.generation
        // The requests that missed together (every one, after a change) share one build.
        return try await cache.documentLoads.value(for: key, generation: generation) { try await build(key, generation: generation) }
    }

    /// Builds, signs and caches the document for `key`, unless the cache was invalidated since `generation`.
    private func build(_ key: DocumentKey, generation: Int) async throws -> ServedDocument {
        let (app, channel, platform, format) = (key.app, key.channel, key.platform, key.format)
        let policy = try await served(app: app, channel: channel)
        let body: Data
        switch format {
        case .canonical:
            var served = platform.map(policy.narrowed) ?? policy
            // Signed together with the body, so a client refuses this document for another app,
            // channel or platform (a replayed ?platform=android answer, a redirect elsewhere).
            served.subject = PolicySubject(app: app, channel: channel, platform: platform, revision: policy.subject?.revision)
            body = try served.jsonData()
        case .seed(let seed):
            let platform = platform ?? .ios
            guard let rendered = seed.render(policy, platform: platform) else {
                throw ServiceError.nothingInFormat(app, channel: channel, platform: platform)
            }
            body = rendered
        }
        let signature = try await signingKeys.active().map { try $0.signature(for: body).description }
        // The tag covers the signature too: after `keys activate` the body is unchanged, and a CDN
        // revalidating with the old tag must get the newly signed answer, not a 304 that keeps the
        // old key's signature in its cache.
        var tagged = SHA256()
        tagged.update(data: body)
        tagged.update(data: Data((signature ?? "").utf8))
        let digest = tagged.finalize().prefix(16).lowercaseHex
        let document = ServedDocument(body: ByteBuffer(bytes: body), etag: "\"\(digest)\"", signature: signature)
        cache.store(document, for: key, builtIn: generation)
        return document
    }

    /// Drops every cached document, after a change made elsewhere.
    public func invalidate() async {
        cache.removeAll()
    }
}
