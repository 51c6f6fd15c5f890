import Foundation
import LaunchGate
import LaunchGateStorage
import Logging
import Metrics

/// Polls linked apps' storefronts and publishes what changed. One poll of a link asks every
/// storefront, applies the answers with ``StorefrontUpdate``, publishes through the
/// ``AppStorePublisher`` if the policy changed, and records the status and the next poll time.
///
/// When a ``PhasedReleaseService`` is given, each successful poll also asks App Store Connect about
/// the version on sale (the highest served) and sets the platform's `rollout` to what Apple's phase
/// maps to, so a phase change publishes a revision like a store change does; without a key, or on
/// an error, the policy's own rollout stands. Either way the link's status says which.
///
/// With several instances, each may poll the same link; only one publishes a given change,
/// because a publish names the revision it was computed over (compare-and-publish): the others
/// get `publish-race`, and their next poll finds the change already published.
public struct AppStorePoller: Sendable {
    private let links: any AppStoreLinkRepository
    private let lookup: AppStoreLookupClient
    private let publisher: any AppStorePublisher
    private let configuration: AppStorePollerConfiguration
    private let phased: PhasedReleaseService?
    private let events: any WebhookEvents
    private let now: @Sendable () -> Date
    private let random: @Sendable () -> Double
    private let logger: Logger

    /// Creates a poller.
    /// - Parameters:
    ///   - links: Where links are kept.
    ///   - lookup: The iTunes lookup client.
    ///   - publisher: Reads and publishes the production policy.
    ///   - configuration: Interval, backoff and jitter.
    ///   - phased: Follows Apple's phased release into the rollout; `nil` leaves the rollout alone.
    ///   - events: Hears `appstore.changed` for each revision the poller publishes.
    ///   - now: The clock.
    ///   - random: Values in 0…1, for the jitter.
    ///   - logger: Where failures are logged.
    public init(links: any AppStoreLinkRepository, lookup: AppStoreLookupClient, publisher: any AppStorePublisher,
                configuration: AppStorePollerConfiguration = AppStorePollerConfiguration(), phased: PhasedReleaseService? = nil,
                events: any WebhookEvents = NoWebhookEvents(), now: @escaping @Sendable () -> Date = Date.init,
                random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }, logger: Logger = Logger(label: "launchgate.appstore")) {
        self.links = links
        self.lookup = lookup
        self.publisher = publisher
        self.configuration = configuration
        self.phased = phased
        self.events = events
        self.now = now
        self.random = random
        self.logger = logger
    }

    /// Polls the links that are due, one after another.
    /// - Returns: How many were polled.
    @discardableResult
    public func pollDue(limit: Int = 100) async -> Int {
        let due: [AppStoreLink]
        do { due = try await links.due(at: now(), limit: limit) } catch {
            logger.warning("appstore: can't read the links that are due", metadata: ["error": "\(error)"])
            return 0
        }
        for link in due {
            guard !Task.isCancelled else { break }
            do { _ = try await poll(link, reset: false) } catch {
                logger.warning("appstore: poll failed", metadata: ["app": "\(link.app)", "platform": "\(link.platform)", "error": "\(error)"])
            }
        }
        return due.count
    }

    /// Polls one link now (`launchgate appstore sync`).
    /// - Parameter reset: Take each storefront's answer even when lower than before.
    /// - Throws: ``AppStoreLinkError`` `appstore-not-linked`; what storage throws.
    public func poll(app: String, platform: Platform, reset: Bool) async throws -> AppStorePollOutcome {
        guard let link = try await links.find(app: app, platform: platform) else {
            throw AppStoreLinkError.notLinked(app: app, platform: platform.rawValue)
        }
        return try await poll(link, reset: reset)
    }

    private func poll(_ link: AppStoreLink, reset: Bool) async throws -> AppStorePollOutcome {
        var answers: [String: StorefrontRelease] = [:]
        var errors: [String] = []
        for storefront in link.storefronts {
            do { answers[storefront] = try await lookup.lookup(link.identity, storefront: storefront) } catch let error as AppStoreLookupError {
                errors.append(error.message)
            }
        }
        let outcome: AppStorePollOutcome
        var served = link.served
        var phase: String?
        var ignored = link.status.ignoredAnswers
        if answers.isEmpty {
            outcome = .failed(errors)
        } else {
            let applied = try await publish(answers, link: link, reset: reset)
            served = applied.floor
            phase = applied.phase
            ignored = applied.ignored
            outcome = errors.isEmpty ? applied.outcome : .failed(errors + (applied.outcome.refusal.map { [$0] } ?? []))
        }
        try await record(outcome, link: link, served: served, phase: phase, ignored: ignored, reset: reset)
        Counter(label: "launchgate_appstore_polls_total", dimensions: [("result", outcome.metricLabel)]).increment()
        return outcome
    }

    /// Applies the answers over the current policy and publishes if it changed; returns the
    /// floor to keep: the new one once published or already published, the old one otherwise,
    /// so a refused change is found again (and refused again) rather than forgotten.
    private func publish(_ answers: [String: StorefrontRelease], link: AppStoreLink, reset: Bool) async throws
        -> (outcome: AppStorePollOutcome, floor: [String: AppVersion], phase: String?, ignored: [String]) {
        let current = try await publisher.current(app: link.app)
        let update = StorefrontUpdate(answers: answers, link: link, policy: current?.policy.platforms[link.platform], reset: reset)
        var platformPolicy = update.policy
        let phase = await followPhasedRelease(link: link, served: update.served, policy: &platformPolicy)
        if let current, current.policy.platforms[link.platform] == platformPolicy { return (.unchanged, update.served, phase, update.ignored) }
        var policy = current?.policy ?? UpdatePolicy(app: link.app)
        policy.platforms[link.platform] = platformPolicy
        do {
            try await publisher.publish(policy, app: link.app, expectedRevision: current?.revision ?? 0)
            logger.info("appstore: published", metadata: ["app": "\(link.app)", "platform": "\(link.platform)",
                                                         "storefronts": "\(update.served.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })"])
            await events.emit(.appStoreChanged, appID: link.app,
                              data: AppStoreChangedEventData(app: link.app, platform: link.platform, policy: platformPolicy, phasedRelease: phase),
                              occurredAt: now())
            return (.published(platformPolicy), update.served, phase, update.ignored)
        } catch let refusal as AppStorePublishRefusal {
            return (.refused(refusal.reason), link.served, phase, update.ignored)
        } catch let error as ServiceError where error.code == "publish-race" {
            // The floor read before the race: the repository keeps the winner's if it is higher.
            return (.raced, link.served, phase, update.ignored)
        }
    }

    /// Sets the rollout to Apple's phase for the version on sale (the highest served) and says what
    /// was found; the policy's own rollout stands when the phase can't be followed.
    private func followPhasedRelease(link: AppStoreLink, served: [String: AppVersion], policy: inout PlatformPolicy) async -> String? {
        guard let phased, let version = served.values.max() else { return nil }
        guard let bundleID = link.identity.bundleID else {
            // App Store Connect finds apps by bundle ID; the lookup's Apple ID doesn't name one.
            return "policy's own rollout: the link names an Apple ID, and App Store Connect needs a bundle ID"
        }
        let release = await phased.rollout(app: link.app, bundleID: bundleID, platform: link.platform, version: version)
        policy.rollout = release.rollout(replacing: policy.rollout)
        return release.summary
    }

    private func record(_ outcome: AppStorePollOutcome, link: AppStoreLink, served: [String: AppVersion], phase: String?,
                        ignored: [String], reset: Bool) async throws {
        let time = now()
        var status = link.status
        status.lastPollAt = time
        status.ignoredAnswers = ignored
        // A poll that reached no storefront didn't look at the phase: the last one found stands.
        if let phase { status.phasedRelease = phase }
        switch outcome {
        case .unchanged, .published, .raced:
            status.lastSuccessAt = time
            status.lastError = nil
            status.failures = 0
            Gauge(label: "launchgate_appstore_last_success_seconds", dimensions: [("app", link.app), ("platform", link.platform.rawValue)])
                .record(time.timeIntervalSince1970)
        case .failed(let errors):
            status.lastError = Self.oneLine(errors.joined(separator: "; "))
            status.failures += 1
        case .refused(let reason):
            status.lastError = Self.oneLine("publish refused: \(reason)")
            status.failures += 1
        }
        status.nextPollAt = time.addingTimeInterval(configuration.wait(failures: status.failures, random: random()))
        _ = try await links.record(link, served: served, status: status, reset: reset)
    }
}

extension AppStorePoller {
    /// The status's error on one line of at most 1000 characters: a guard's reason or an answer may
    /// hold line breaks, which a status table would show as garbage (attack s13, 8).
    static func oneLine(_ text: String) -> String {
        String(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").prefix(1000))
    }
}

extension AppStorePollOutcome {
    fileprivate var refusal: String? {
        if case .refused(let reason) = self { "publish refused: \(reason)" } else { nil }
    }
}
