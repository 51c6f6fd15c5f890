import Foundation
import LaunchGate
import LaunchGateStorage
import Logging
import Metrics
import Tracing

/// Polls linked apps' storefronts and publishes what changed. One poll of a link asks its
/// storefronts within the limits of an ``AppStoreLookupRound`` (a few at once, paced by the
/// ``AppStoreLookupPacer`` over every process, within ``AppStorePollerConfiguration/deadline``), applies the
/// answers with ``StorefrontUpdate``, publishes through the ``AppStorePublisher`` if the policy
/// changed, and records the status and the next poll time. Storefronts that failed or weren't
/// reached change nothing published; the link backs off only when no storefront answered. Each
/// storefront's status is stored with the link: the next poll, in whichever process, asks the
/// storefronts asked longest ago first, and a storefront that has said "no such app" for
/// ``withdrawAfterMissingPolls`` polls over ``withdrawAfterMissingFor`` is withdrawn from `storefronts`.
///
/// When a ``PhasedReleaseService`` is given, each successful poll also asks App Store Connect about
/// the version on sale (the highest served) and sets the platform's `rollout` to what Apple's phase
/// maps to, so a phase change publishes a revision like a store change does; without a key, or on
/// an error, the policy's own rollout stands. Either way the link's status says which.
///
/// With several instances on one database, each due link is claimed before it is polled
/// (``AppStoreLinkRepository/claim(app:platform:expected:until:)``), so one instance polls it; and
/// a publish names the revision it was computed over (compare-and-publish), so a sync racing a
/// poll gets `publish-race` rather than a second revision. A publish also holds only while the
/// link polled is still linked (``AppStoreLinkRepository/stillLinked(_:)``), and its
/// `appstore.changed` is stored in the publish's transaction, beside `policy.published`.
public struct AppStorePoller: Sendable {
    private let links: any AppStoreLinkRepository
    private let lookup: AppStoreLookupClient
    let publisher: any AppStorePublisher
    private let configuration: AppStorePollerConfiguration
    let phased: PhasedReleaseService?
    private let events: any WebhookEvents
    private let pacer: AppStoreLookupPacer
    private let now: @Sendable () -> Date
    private let random: @Sendable () -> Double
    let logger: Logger

    /// Creates a poller.
    /// - Parameters:
    ///   - links: Where links are kept.
    ///   - lookup: The iTunes lookup client.
    ///   - publisher: Reads and publishes the production policy.
    ///   - configuration: Interval, backoff, jitter, deadline and pace.
    ///   - phased: Follows Apple's phased release into the rollout; `nil` leaves the rollout alone.
    ///   - events: Prepares `appstore.changed` for each revision the poller publishes, stored with it.
    ///   - pacer: Spaces lookups out; share one per process, over the database's starts.
    ///   - now: The clock for status times.
    ///   - random: Values in 0…1, for the jitter.
    ///   - logger: Where failures are logged.
    public init(links: any AppStoreLinkRepository, lookup: AppStoreLookupClient, publisher: any AppStorePublisher,
                configuration: AppStorePollerConfiguration = AppStorePollerConfiguration(), phased: PhasedReleaseService? = nil,
                events: any WebhookEvents = NoWebhookEvents(), pacer: AppStoreLookupPacer = AppStoreLookupPacer(),
                now: @escaping @Sendable () -> Date = Date.init,
                random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }, logger: Logger = Logger(label: "launchgate.appstore")) {
        self.links = links
        self.lookup = lookup
        self.publisher = publisher
        self.configuration = configuration
        self.phased = phased
        self.events = events
        self.pacer = pacer
        self.now = now
        self.random = random
        self.logger = logger
    }

    /// Polls the links that are due, one after another, each once claimed.
    /// - Returns: How many were polled (claimed links only: another instance's are skipped).
    @discardableResult
    public func pollDue(limit: Int = 100) async -> Int {
        let due: [AppStoreLink]
        do { due = try await links.due(at: now(), limit: limit) } catch {
            logger.warning("appstore: can't read the links that are due", metadata: ["error": "\(error)"])
            return 0
        }
        var polled = 0
        for link in due {
            guard !Task.isCancelled else { break }
            do {
                // Another instance that read the same row claims it first, or this one does: one polls it.
                let lease = now().addingTimeInterval(Self.seconds(configuration.lease))
                guard try await links.claim(app: link.app, platform: link.platform, expected: link.status.nextPollAt, until: lease) else { continue }
                polled += 1
                _ = try await poll(link, reset: false, manual: false)
            } catch {
                logger.warning("appstore: poll failed", metadata: ["app": "\(link.app)", "platform": "\(link.platform)", "error": "\(error)"])
            }
        }
        return polled
    }

    /// Polls one link now (`launchgate appstore sync`, the admin API's and the console's sync).
    /// - Parameters:
    ///   - reset: Take each storefront's answer even when lower than before.
    ///   - manual: An operator's sync: a failure shows in status but leaves the failures in a row
    ///     and the next poll as they were, so retrying a failing link doesn't back it off; and it
    ///     doesn't wait for the pace, asking only what the minute's lookups allow now (the rest are
    ///     not polled, paced), so an HTTP sync answers at once. The minute counts every lookup reserved
    ///     in the pacer's store (the database's: every process's), and scheduled polls leave part of it to syncs.
    ///   - accept: An operator's `sync --accept VERSION`: takes the storefronts' answers of exactly
    ///     that version (past the jump limits or below the published latest) and trusts it, keeping
    ///     every storefront's floor, unlike `reset` (attack s15, 4). A sync the pace let ask nothing is `paced` (review s16, P6).
    /// - Throws: ``AppStoreLinkError`` `invalid-sync` (`reset` with `accept`), `invalid-version` (an implausible `accept`), `appstore-not-linked`,
    ///   `appstore-accept-not-answered` (no storefront's answer of `accept` could be taken: nothing published or recorded); what storage throws.
    public func poll(app: String, platform: Platform, reset: Bool, manual: Bool = false, accept: AppVersion? = nil) async throws -> AppStorePollReport {
        if reset, accept != nil { throw AppStoreLinkError.resetWithAccept }
        if let accept, AnswerPlausibility.refusal(of: accept, trusted: nil, reset: true) != nil { throw AppStoreLinkError.implausibleAccept(accept) }
        guard let link = try await links.find(app: app, platform: platform) else {
            throw AppStoreLinkError.notLinked(app: app, platform: platform.rawValue)
        }
        return try await poll(link, reset: reset, manual: manual, accept: accept)
    }

    /// One poll in its span (``Telemetry``): the app, the platform, the storefronts, and how it ended.
    private func poll(_ link: AppStoreLink, reset: Bool, manual: Bool, accept: AppVersion? = nil) async throws -> AppStorePollReport {
        var attributes = SpanAttributes()
        attributes["launchgate.app"] = link.app
        attributes["launchgate.platform"] = link.platform.rawValue
        attributes["launchgate.appstore.storefronts"] = link.storefronts.count
        return try await Telemetry.withSpan("appstore.poll", kind: .client, attributes: attributes) { span in
            let report = try await pollStorefronts(link, reset: reset, manual: manual, accept: accept)
            span.attributes["launchgate.appstore.outcome"] = report.outcome.metricLabel
            span.attributes["launchgate.appstore.answered"] = report.answered.count
            span.attributes["launchgate.appstore.errors"] = report.errors.count
            span.attributes["launchgate.appstore.not_polled"] = report.notPolled.count
            if case .failed = report.outcome { span.setStatus(.init(code: .error, message: report.problems.first)) }
            return report
        }
    }

    private func pollStorefronts(_ link: AppStoreLink, reset: Bool, manual: Bool, accept: AppVersion?) async throws -> AppStorePollReport {
        // Each start reserved in the pacer's store: with the database's, one pace over every process (attack s15b, 1, 2).
        let lookupRound = AppStoreLookupRound(lookup: lookup, pacer: pacer, configuration: configuration, waitsForPace: !manual)
        let round = try await lookupRound.run(link.identity, storefronts: Self.order(link))
        let storefronts = Self.storefronts(after: round, link: link, at: now())
        var report = AppStorePollReport(outcome: .unchanged, answered: round.answers.mapValues(\.version), errors: round.errors,
                                        notPolled: round.notReached)
        report.paced = round.paced
        var served = link.served
        var update: StorefrontUpdate?
        var phase: String?
        var ignored = link.status.ignoredAnswers
        if let accept, round.answers.isEmpty, !(round.paced && round.errors.isEmpty) {
            throw AppStoreLinkError.acceptNotAnswered(app: link.app, platform: link.platform.rawValue, version: accept.description, answered: [:],
                                                      problems: report.problems)
        }
        if round.answers.isEmpty {
            report.outcome = round.paced && round.errors.isEmpty ? .paced : .failed(report.problems)
        } else {
            let withdrawn = Set(storefronts.filter { $0.value.withdrawnAt != nil }.keys)
            let applied = try await publish(round.answers, link: link, reset: reset, withdrawn: withdrawn, accept: accept, problems: report.problems)
            report.withdrawn = applied.withdrawn
            (report.outcome, served, phase) = (applied.outcome, applied.floor, applied.phase)
            (report.ignored, update) = (applied.update.ignored, applied.update)
            let taken = round.answers.filter { applied.update.served[$0.key] == $0.value.version }.mapValues(\.version)
            let new = applied.update.ignored.map { answer in
                var answer = answer
                if answer.waitsForOperator { answer.answeredAt = now() }
                return answer
            }
            ignored = Self.ignored(new, before: ignored, answered: Set(round.answers.keys), taken: taken, storefronts: link.storefronts,
                                   accepted: applied.outcome.accepts ? applied.update.accepted : nil)
        }
        ignored = expire(ignored, link: link, at: now())
        // Like the failures gauge, the held one is set only by a poll that recorded its status (review s15b, N3).
        var read = link // As its record finds it: a published reset or accept moved its generation on (``publish``).
        if case .published = report.outcome, reset || accept != nil { read.resetGeneration += 1 }
        if try await record(report, link: read, served: served, update: update, phase: phase, ignored: ignored, storefronts: storefronts,
                            reset: reset, manual: manual) {
            reportHeld(ignored, link: link)
        }
        Counter(label: "launchgate_appstore_polls_total", dimensions: [("result", report.outcome.metricLabel)]).increment()
        return report
    }

    /// Applies the answers over the current policy and publishes if it changed; returns the
    /// floor to keep: the new one once published or already published, the old one otherwise,
    /// so a refused change is found again (and refused again) rather than forgotten.
    /// A `withdrawn` storefront (it says "no such app", ``withdrawAfterMissingPolls``) leaves `storefronts` and the floor;
    /// the storefronts returned as withdrawn are those this publish took out of the published policy, so a
    /// withdrawal refused or raced first is reported by the poll that publishes it (review s15, M9).
    /// With `accept`, a poll in which no answer of it could be taken throws `appstore-accept-not-answered` before publishing.
    private func publish(_ answers: [String: StorefrontRelease], link: AppStoreLink, reset: Bool, withdrawn: Set<String>, accept: AppVersion?,
                         problems: [String]) async throws
        -> (outcome: AppStorePollOutcome, floor: [String: AppVersion], phase: String?, update: StorefrontUpdate, withdrawn: [String]) {
        let current = try await publisher.current(app: link.app)
        let freshBaseline = try await freshBaseline(link, answers: answers, published: current?.policy.platforms[link.platform]?.latest?.version)
        let update = StorefrontUpdate(answers: answers, link: link, policy: current?.policy.platforms[link.platform], reset: reset, at: now(),
                                      accept: accept, freshBaseline: freshBaseline)
        if let accept, update.accepted == nil {
            throw AppStoreLinkError.acceptNotAnswered(app: link.app, platform: link.platform.rawValue, version: accept.description,
                                                      answered: answers.mapValues(\.version), problems: problems)
        }
        var platformPolicy = update.policy
        let served = update.served.filter { !withdrawn.contains($0.key) }
        platformPolicy.storefronts = platformPolicy.storefronts.filter { !withdrawn.contains($0.key) }
        let phase = await followPhasedRelease(link: link, served: served, policy: &platformPolicy)
        if let current, current.policy.platforms[link.platform] == platformPolicy { return (.unchanged, served, phase, update, []) }
        let taken = (current?.policy.platforms[link.platform]?.storefronts.keys).map { $0.filter(withdrawn.contains).sorted() } ?? []
        var policy = current?.policy ?? UpdatePolicy(app: link.app)
        policy.platforms[link.platform] = platformPolicy
        // Only while the link polled is still linked (an unlink removes it in the transaction that withdraws the
        // storefronts), and with its appstore.changed stored beside policy.published, in the publish's transaction.
        let (events, data) = (events, AppStoreChangedEventData(app: link.app, platform: link.platform, policy: platformPolicy, phasedRelease: phase))
        do {
            // An operator's reset or accept sets the floor and moves the reset generation in its publish's transaction (review s16b, Q3).
            let condition = reset || accept != nil ? links.resetting(link, floor: served, reset: reset) : links.stillLinked(link)
            try await publisher.publish(policy, app: link.app, expectedRevision: current?.revision ?? 0, condition: condition) { revision in
                events.prepare(.appStoreChanged, appID: link.app, data: data, occurredAt: revision.issuedAt)
            }
            logger.info("appstore: published", metadata: ["app": "\(link.app)", "platform": "\(link.platform)",
                                                         "storefronts": "\(served.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })"])
            return (.published(platformPolicy), served, phase, update, taken)
        } catch let refusal as AppStorePublishRefusal {
            return (.refused(refusal.reason), link.served, phase, update, [])
        } catch let error as ServiceError where error.code == "publish-race" {
            // The floor read before the race: the repository keeps the winner's if it is higher.
            return (.raced, link.served, phase, update, [])
        }
    }

    /// Records how the poll went. A poll in which some storefront answered is a success for the
    /// backoff (the failing storefronts' errors stay in `lastError`); one in which none answered
    /// backs off, unless none was even asked (the minute's lookups were spent on
    /// other links), which is no fault of Apple's: that link is due again at once.
    /// - Returns: Whether the status was recorded: not when the link was unlinked or relinked meanwhile.
    private func record(_ report: AppStorePollReport, link: AppStoreLink, served: [String: AppVersion], update: StorefrontUpdate?, phase: String?,
                        ignored: [IgnoredAnswer], storefronts: [String: AppStoreStorefrontStatus], reset: Bool, manual: Bool) async throws -> Bool {
        let time = now()
        var status = link.status
        status.lastPollAt = time
        status.ignoredAnswers = ignored
        status.storefronts = storefronts
        // Only a poll that some storefront answered says what is served now.
        if let update {
            // A reset the guard refused or that raced accepted nothing.
            let accepted = report.outcome.accepts && reset
            let floor = served.filter { link.storefronts.contains($0.key) }
            // A refused or raced publish keeps the old floor: its newest was answered only if it is the update's
            // newest too, not when a higher answer was refused (review s15b, N6).
            let answered = update.answeredNewest && floor.values.max() == update.served.values.max()
            AppStoreTrust.advance(&status, served: floor, baseline: update.baseline, answered: answered, reset: accepted,
                                  accepted: report.outcome.accepts ? update.accepted : nil, at: time)
            status.newestRelease = update.newestRelease
        }
        // A poll that reached no storefront didn't look at the phase: the last one found stands.
        if let phase { status.phasedRelease = phase }
        let problems = report.problems
        var wait: Double?
        switch report.outcome {
        case .unchanged, .published, .raced:
            status.lastSuccessAt = time
            status.lastError = problems.isEmpty ? nil : Self.oneLine(problems.joined(separator: "; "))
            status.failures = 0
            Gauge(label: "launchgate_appstore_last_success_seconds", dimensions: [("app", link.app), ("platform", link.platform.rawValue)])
                .record(time.timeIntervalSince1970)
        case .paced where manual:
            // An operator's sync that asked nothing found nothing: a link backing off keeps its next poll,
            // and its real error shows on (review s15, M8); the sync's own report says it was paced.
            break
        case .failed where report.errors.isEmpty, .paced:
            status.lastError = Self.oneLine(problems.joined(separator: "; "))
            wait = 0
        case .failed:
            status.lastError = Self.oneLine(problems.joined(separator: "; "))
            status.failures += 1
        case .refused(let reason):
            status.lastError = Self.oneLine((["publish refused: \(reason)"] + problems).joined(separator: "; "))
            status.failures += 1
        }
        status.nextPollAt = time.addingTimeInterval(wait ?? configuration.wait(failures: status.failures, random: random()))
        if manual, case .paced = report.outcome { status.nextPollAt = link.status.nextPollAt }
        if manual, status.failures > link.status.failures {
            // A sync that failed says so but adds no failure: an operator retrying a failing link
            // must not push its next poll out toward the 6 h cap (attack s14, 6).
            status.failures = link.status.failures
            status.nextPollAt = time.addingTimeInterval(configuration.wait(failures: status.failures, random: random()))
        }
        // An operator's sync never puts the poll already scheduled later: a CLI sync's interval (900 s by default) isn't
        // serve's, and serve's gauges and status wait for serve's own poll (review s14b, L4; attack s16, 4). One already
        // due gets the interval, so serve doesn't look the link up again right after the sync.
        if manual, link.status.nextPollAt > time { status.nextPollAt = min(status.nextPollAt, link.status.nextPollAt) }
        // Every poll that recorded its status sets it, 0 included, so a link that never succeeded has a
        // series an alert can watch, which last_success_seconds can't give it (attack s14, 12); a poll of a
        // link unlinked or relinked meanwhile recorded nothing and sets nothing (review s15, M3).
        // A reset the guard refused, or that raced or reached nothing, took nothing: recorded as a reset, it would write the
        // floor it read over a higher one a racing poll recorded, and move the reset generation (review s16b, Q4).
        guard try await links.record(link, served: served, status: status, reset: reset && report.outcome.accepts) else { return false }
        Self.failuresGauge(app: link.app, platform: link.platform).record(Double(status.failures))
        return true
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
