import Foundation
import LaunchGate

/// One storefront's answer a poll didn't believe, and why: what `status`, `sync`, the admin API
/// and the console list. Typed, and rendered to text in one place (``line(app:platform:)``), so
/// no reader parses a storefront or a reason back out of a line.
public struct IgnoredAnswer: Sendable, Hashable, Codable {
    /// Why an answer was ignored.
    public enum Reason: Sendable, Hashable {
        /// Below the version the storefront served before: Apple's CDN, which corrects itself.
        case stale(floor: AppVersion)
        /// A component above the largest believed; never taken, even with a reset.
        case implausible(maximumComponent: Int)
        /// More components than Apple's versions have (`CFBundleShortVersionString`: at most three
        /// integers); never taken, even with a reset (attack s15, 5).
        case tooManyComponents(maximum: Int)
        /// Too big a jump past the link's trusted version; waits for an operator's reset.
        case held(trusted: AppVersion, jump: Jump)
        /// The highest answer is below the published `latest`, which never goes down without a
        /// reset: a relink to another app, or a `latest` typed above the store's; waits for an
        /// operator's reset (review s15b, N1).
        case belowPublished(latest: AppVersion)
        /// A line stored before answers were typed (migration 045), kept as it was written.
        case recorded(String)
    }

    /// Which limit a held answer went past.
    public enum Jump: Sendable, Hashable {
        /// More than this many major versions.
        case majors(Int)
        /// A minor above this many times the trusted minor plus one.
        case minorFactor(Int)
    }

    /// The storefront's code.
    public var storefront: String
    /// What it answered.
    public var version: AppVersion
    /// Why it was ignored.
    public var reason: Reason
    /// When a storefront last answered this version, for an answer that waits for an operator: one
    /// no storefront has answered for ``heldFor`` expires (a one-off bogus answer, attack s15b, 7).
    /// `nil` in answers stored before it was kept: the next poll that keeps one starts its clock.
    public var answeredAt: Date?

    /// How long a held answer stays listed with no storefront answering its version again (24 hours).
    public static let heldFor: TimeInterval = 86_400

    /// Creates an ignored answer.
    public init(storefront: String, version: AppVersion, reason: Reason, answeredAt: Date? = nil) {
        self.storefront = storefront
        self.version = version
        self.reason = reason
        self.answeredAt = answeredAt
    }

    /// Whether it waits for an operator (`sync --accept VERSION` or `--reset`): a held or below-published answer does; a stale one the CDN
    /// corrects by itself, and an implausible one no reset takes (the store's fault, which only
    /// the store corrects), so a sync that met only those is done: it would otherwise exit
    /// non-zero on every run with nothing to do about it (review s15, M10).
    public var waitsForOperator: Bool {
        switch reason {
        case .stale, .implausible, .tooManyComponents: false
        case .held, .belowPublished: true
        // Only a poll's own answers are asked, never one recorded before answers were typed.
        case .recorded: false
        }
    }

    /// The answer on one line, starting with its storefront: `us: 2.4.1 is below the 2.5.0 …`.
    public func line(app: String, platform: Platform) -> String { "\(storefront): \(why(app: app, platform: platform))" }

    /// What it answered and why it was ignored, without the storefront (a status row's own cell);
    /// a held or below-published answer names the `sync --accept VERSION` that takes it, for `app` on `platform` (attack s14, 14).
    public func why(app: String, platform: Platform) -> String {
        switch reason {
        case .stale(let floor):
            return "\(version) is below the \(floor) it served before (a stale answer), ignored"
        case .implausible(let maximum):
            return "\(version) is implausible: a component is above \(maximum); never taken, not even by a reset"
        case .tooManyComponents(let maximum):
            return "\(version) is implausible: more than \(maximum) components (an App Store version has at most \(maximum)); "
                + "never taken, not even by a reset"
        case .held(let trusted, let jump):
            let past = switch jump {
            case .majors(let count): "more than \(count) major versions past"
            case .minorFactor(let factor): "a minor version more than \(factor) times (that plus one) of"
            }
            return "\(version) is held: \(past) \(trusted), the version trusted (served for a day, or accepted by an operator); "
                + "if it is real, accept it with `launchgate appstore sync \(app) --platform \(platform.rawValue) --accept \(version)` "
                + "(or Accept \(version) on the console's App Store page), which keeps every other storefront's floor"
        case .belowPublished(let latest):
            return "\(version) is below the published latest \(latest), which stays (with its notes and store URL); "
                + "take it with `launchgate appstore sync \(app) --platform \(platform.rawValue) --accept \(version)` "
                + "(or Accept \(version) on the console's App Store page), or pin latest"
        case .recorded(let text):
            return text
        }
    }
}

extension [IgnoredAnswer] {
    /// The answers as lines, those with the same version and reason on one line that lists their
    /// storefronts (`us, fr, jp: 12.0.0 is held …`), in the order of each group's first storefront:
    /// a 49-storefront link's held release is one line, not 49 identical ones (attack s15, 10).
    public func groupedLines(app: String, platform: Platform) -> [String] {
        var order: [String] = []
        var storefronts: [String: [String]] = [:]
        for answer in self {
            let why = answer.why(app: app, platform: platform)
            if storefronts[why] == nil { order.append(why) }
            storefronts[why, default: []].append(answer.storefront)
        }
        return order.map { "\(storefronts[$0, default: []].joined(separator: ", ")): \($0)" }
    }
}
