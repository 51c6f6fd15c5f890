import Foundation
import LaunchGateStorage

/// The App Store page: per linked platform, the App Store app, its pins and poll status, and per
/// storefront the version it serves, with the forms that link, sync and unlink them and keep the
/// App Store Connect key (``AppStoreFormsView``).
struct AppStoreView: ConsoleView {
    package struct Row: ConsoleView {
        package let storefront: String
        package let served: String
        /// What it last answered: a version, or its "no such app" run (attack s14, 10).
        package let lastAnswer: String
        package let answeredAt: String
        /// Its own last error; `nil` after an answer.
        package let lastError: String?
    }

    package struct Link: ConsoleView {
        package let platform: String
        /// The bundle ID, or `id` and the Apple ID.
        package let identity: String
        /// The pinned fields, or "none".
        package let pins: String
        package let lastSuccess: String
        /// Why the last poll failed; `nil` after a success.
        package let lastError: String?
        /// Polls in a row that failed; the backoff grows with it.
        package let failures: Int
        /// The answers the last poll ignored (stale, implausible or held), one line each.
        package let ignoredAnswers: [String]
        /// The versions of the answers waiting for an operator, each with its Accept button (attack s15, 4).
        package let heldVersions: [String]
        package let nextPoll: String
        /// Apple's phased release as the last poll found it, or why the policy's own rollout applies.
        package let phasedRelease: String
        /// The version jumps are measured from, or "none yet" (review s15, M12).
        package let trustedVersion: String
        /// The newest version served and since when, while it isn't the trusted one yet; `nil` once it is.
        package let newest: String?
        package let storefronts: [Row]

        package init(_ link: AppStoreLink) {
            platform = link.platform.rawValue
            identity = link.identity.description
            pins = link.pins.isEmpty ? "none" : link.pins.map(\.rawValue).sorted().joined(separator: ", ")
            lastSuccess = link.status.lastSuccessAt.map(ConsoleFigures.date) ?? "never"
            lastError = link.status.lastError
            failures = link.status.failures
            ignoredAnswers = link.status.ignoredAnswers.map { $0.line(app: link.app, platform: link.platform) }
            heldVersions = Set(link.status.ignoredAnswers.filter(\.waitsForOperator).map(\.version)).sorted().map(\.description)
            nextPoll = ConsoleFigures.date(link.status.nextPollAt)
            phasedRelease = link.status.phasedRelease ?? "not checked yet"
            trustedVersion = link.status.trustedVersion?.description ?? "none yet"
            newest = link.status.newestVersion == link.status.trustedVersion ? nil
                : link.status.newestMinorLine(date: ConsoleFigures.date).map { "\($0), trusted a day after" }
            storefronts = link.storefronts.map { storefront in
                let own = link.status.storefronts[storefront]
                return Row(storefront: storefront, served: link.served[storefront]?.description ?? "not yet",
                           lastAnswer: own?.answer(date: ConsoleFigures.date) ?? "not asked yet",
                           answeredAt: own?.lastAnswerAt.map(ConsoleFigures.date) ?? "never", lastError: own?.lastError)
            }
        }
    }

    package let app: String
    package let appName: String
    package let links: [Link]
    package let forms: AppStoreFormsView

    package init(app: AppRecord, links: [AppStoreLink], forms: AppStoreFormsView) {
        (self.app, appName) = (app.id, app.name)
        self.links = links.map(Link.init)
        self.forms = forms
    }
}
