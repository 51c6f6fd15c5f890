import Foundation
import Logging
import Metrics
import Synchronization

/// App-wide bounds on sign-in mail, on top of each address's: a cap per network on sends to all
/// of an app's addresses, and a cap per app on mail queued, both per hour.
///
/// Each address's limits bound the mail one address gets, but not what sends to ever-new
/// addresses cost: a re-test queued 2,160 mails in 30 s from about 70 client addresses (issue 27,
/// M3), which a mail provider reads as spam from the app's sender. A refused send gets the same
/// `rate_limited` answer as any other, whatever the address, so the caps say nothing about
/// accounts. Both are counted in memory, per instance, in bounded tables
/// (``ClientWindowCounter``), so a flood stores no row; behind N instances the deployment's
/// bound is N times each. So that a flood from a few networks can't fill the app's cap for
/// everyone, its second half is shared out: past half of it, only networks that queued fewer than
/// ``fairShare`` mails this hour may send (docs/sign-in.md says how many networks filling it takes).
///
/// The caps are checked (``admit(app:network:at:)``) before the send's transaction and counted
/// (``queued(app:network:at:)``) after it, so that sends an address's own limits refuse spend
/// nothing; sends in flight together may each pass the check, so a cap can be overshot by as many
/// sends as run at once (bounded by the connection caps), which for an hourly bound on mail is
/// little. Reserving first and refunding a refused send would close that, at the cost of a refund
/// path on every refusal.
final class SignInMailBudget: Sendable {
    private let networks: ClientWindowCounter?
    private let apps: ClientWindowCounter?
    private let refusedNetwork: Counter
    private let refusedApp: Counter
    private let refusedShare: Counter
    /// Mails a network may have queued for an app this hour and still send once the app is past
    /// half its cap: near the cap it is shared out, so a few busy networks can't fill it for everyone.
    static let fairShare = 5
    private let logger: Logger
    /// When each kind of refusal was last logged: once per window, so a flood writes two lines an hour.
    private let lastLogged = Mutex<[String: Date]>([:])

    /// Creates the budget.
    /// - Parameters:
    ///   - networkSends: Sends from one network to an app's addresses per hour; 0 turns the cap off.
    ///   - appMail: Mail queued per app per hour; 0 turns the cap off.
    ///   - logger: Where a refusal is logged, once per hour and kind.
    init(networkSends: Int, appMail: Int, logger: Logger) {
        // The networks' counts also decide the fair share near the app's cap, so they are kept whenever either cap is on.
        networks = networkSends > 0 || appMail > 0 ? ClientWindowCounter(limit: networkSends > 0 ? networkSends : .max, window: 3600) : nil
        apps = appMail > 0 ? ClientWindowCounter(limit: appMail, window: 3600, maximumClients: 10_000) : nil
        refusedNetwork = Counter(label: "launchgate_sign_in_sends_refused_total", dimensions: [("reason", "network-per-app")])
        refusedApp = Counter(label: "launchgate_sign_in_sends_refused_total", dimensions: [("reason", "app-mail")])
        refusedShare = Counter(label: "launchgate_sign_in_sends_refused_total", dimensions: [("reason", "app-mail-share")])
        self.logger = logger
    }

    /// Whether a send from `network` to one of `app`'s addresses fits both caps; nothing is counted
    /// here. Both are counted once the mail is queued (``queued(app:network:at:)``): sends that an
    /// address's own limits refuse queue nothing and spend neither cap.
    /// - Returns: `nil` when the send may go on; otherwise the seconds until the cap that refused
    ///   allows one.
    func admit(app: String, network: String, at now: Date) -> TimeInterval? {
        if let wait = apps?.wait(app, at: now) {
            refuse(refusedApp, "sign-in mail for an app reached its hourly cap; sends are refused until the window ends",
                   kind: "app-mail", metadata: ["app": "\(app)"], at: now)
            return wait
        }
        if let wait = networks?.wait("\(app)|\(network)", at: now) {
            refuse(refusedNetwork, "a network reached its hourly cap on sign-in sends to an app's addresses",
                   kind: "network-per-app", metadata: ["app": "\(app)", "network": "\(network)"], at: now)
            return wait
        }
        if let apps, let networks, 2 * apps.count(of: app, at: now) >= apps.limit,
           networks.count(of: "\(app)|\(network)", at: now) >= Self.fairShare {
            refuse(refusedShare, "sign-in mail for an app passed half its hourly cap; networks past their fair share are refused",
                   kind: "app-mail-share", metadata: ["app": "\(app)", "network": "\(network)"], at: now)
            return min(apps.endsIn(app, at: now), networks.endsIn("\(app)|\(network)", at: now))
        }
        return nil
    }

    /// Counts a mail queued for `app`, sent from `network`.
    func queued(app: String, network: String, at now: Date) {
        _ = apps?.record(app, at: now)
        _ = networks?.record("\(app)|\(network)", at: now)
    }

    private func refuse(_ counter: Counter, _ message: Logger.Message, kind: String, metadata: Logger.Metadata, at now: Date) {
        counter.increment()
        let due = lastLogged.withLock { logged in
            guard logged[kind].map({ now.timeIntervalSince($0) >= 3600 }) ?? true else { return false }
            logged[kind] = now
            return true
        }
        if due { logger.warning(message, metadata: metadata) }
    }
}
