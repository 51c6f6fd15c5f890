import LaunchGate
import LaunchGateStorage

/// What linking an app to the App Store refuses, without HTTP vocabulary.
public struct AppStoreLinkError: LaunchGateFailure, Equatable {
    /// See ``LaunchGateFailure/code``.
    public let code: String
    /// See ``LaunchGateFailure/message``.
    public let message: String
    /// See ``LaunchGateFailure/kind``.
    public let kind: FailureKind

    private init(code: String, message: String, kind: FailureKind = .invalidInput) {
        self.code = code
        self.message = message
        self.kind = kind
    }

    /// A storefront code that isn't two letters.
    public static func invalidStorefront(_ code: String) -> AppStoreLinkError {
        AppStoreLinkError(code: "invalid-storefront", message: "'\(code.prefix(20))' is not a storefront: use ISO 3166-1 alpha-2 codes such as us, fr, jp")
    }

    /// A link without storefronts.
    public static let noStorefronts = AppStoreLinkError(code: "invalid-storefront", message: "name at least one storefront, such as us")

    /// More than ``AppStoreLink/maximumStorefronts`` storefronts.
    public static func tooManyStorefronts(_ count: Int) -> AppStoreLinkError {
        AppStoreLinkError(code: "too-many-storefronts", message: "\(count) storefronts named; a link polls at most \(AppStoreLink.maximumStorefronts)")
    }

    /// A bundle ID or Apple ID that can't be one.
    public static func invalidIdentity(_ reason: String) -> AppStoreLinkError {
        AppStoreLinkError(code: "invalid-appstore-app", message: reason)
    }

    /// A lookup base URL that is neither https nor http to a loopback host.
    public static func invalidURL(_ text: String) -> AppStoreLinkError {
        AppStoreLinkError(code: "invalid-appstore-url", message: "'\(text.prefix(80))' is not a lookup URL: use https (http only to a loopback host, with --appstore-allow-loopback-http)")
    }

    /// A pin name that isn't one of ``AppStorePin``.
    public static func invalidPin(_ name: String) -> AppStoreLinkError {
        AppStoreLinkError(code: "invalid-pin", message: "'\(name.prefix(20))' can't be pinned: use latest, notes, updateURL or minimumOS")
    }

    /// No link for the app's platform.
    public static func notLinked(app: String, platform: String) -> AppStoreLinkError {
        AppStoreLinkError(code: "appstore-not-linked", message: "\(app) is not linked to the App Store on \(platform)", kind: .notFound)
    }

    /// An unlink whose withdrawal of the per-storefront versions the publish guard or validation refused; the link stays.
    public static func unlinkRefused(app: String, platform: String, reason: String) -> AppStoreLinkError {
        AppStoreLinkError(code: "appstore-unlink-refused",
                          message: "\(app) stays linked on \(platform): withdrawing its per-storefront versions was refused: \(reason)", kind: .conflict)
    }

    /// A `sync --accept VERSION` in which no linked storefront's answer of `version` could be taken
    /// (none answered it, or only below its floor); nothing was published or recorded (attack s15, 4).
    public static func acceptNotAnswered(app: String, platform: String, version: String, answered: [String: AppVersion],
                                         problems: [String]) -> AppStoreLinkError {
        let heard = answered.isEmpty ? "no storefront answered" : "the storefronts answered "
            + answered.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let reasons = problems.isEmpty ? "" : "; " + problems.joined(separator: "; ")
        let message = "\(app) on \(platform): nothing accepted, nothing changed: no storefront's answer of \(version.prefix(40)) "
            + "could be taken in this sync (\(heard)\(reasons)); accept a version a storefront serves now, at or above its floor "
            + "(`--reset` lowers floors)"
        return AppStoreLinkError(code: "appstore-accept-not-answered", message: String(message.prefix(1000)), kind: .conflict)
    }

    /// A sync asked both to `reset` and to `accept`: a reset trusts the newest served, not the version
    /// accepted, and drops every floor, so the pair would do neither as asked (review s16, P4).
    public static let resetWithAccept = AppStoreLinkError(code: "invalid-sync",
                                                          message: "reset and accept can't be combined: accept a version, or reset to what the storefronts serve")

    /// A `sync --accept VERSION` of a version no storefront's answer would be taken as (more than
    /// ``AnswerPlausibility/maximumComponents`` components, or one above ``AnswerPlausibility/maximumComponent``):
    /// refused before any lookup is spent on it (attack s16, 5).
    public static func implausibleAccept(_ version: AppVersion) -> AppStoreLinkError {
        AppStoreLinkError(code: "invalid-version", message: "accept: '\(version.description.prefix(40))' is no version the App Store serves: "
            + "at most \(AnswerPlausibility.maximumComponents) components, each at most \(AnswerPlausibility.maximumComponent)")
    }

    /// An unlink whose withdrawal lost to other publishes every time it tried; the link stays.
    public static func unlinkRaced(app: String, platform: String) -> AppStoreLinkError {
        AppStoreLinkError(code: "appstore-unlink-raced",
                          message: "\(app) stays linked on \(platform): other publishes kept coming first; unlink again", kind: .conflict)
    }
}
