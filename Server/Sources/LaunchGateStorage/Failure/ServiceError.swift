import LaunchGate

/// What the services (policies, apps, tokens, exemptions, keys) refuse, without HTTP vocabulary.
public struct ServiceError: LaunchGateFailure, Equatable {
    private enum Reason: Equatable {
        case appNotFound(String)
        case noPolicy(app: String, channel: ReleaseChannel)
        case nothingInFormat(app: String, channel: ReleaseChannel, platform: Platform)
        case revisionNotFound(app: String, channel: ReleaseChannel, number: Int)
        case exemptionNotFound
        case tokenNotFound(String)
        case userNotFound(app: String, user: String)
        case noSigningKey
        case signingKeyNotFound(String)
        case noDefaultApp(path: String)
        case invalidPolicy([PolicyIssue])
        case invalid(code: String, message: String)
        case appExists(String)
        case publishRace(app: String, channel: ReleaseChannel)
        case idCollision
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// No app with that ID.
    public static func appNotFound(_ id: String) -> ServiceError { .init(.appNotFound(id)) }
    /// The app has no policy on that channel yet.
    public static func noPolicy(_ app: String, channel: ReleaseChannel) -> ServiceError { .init(.noPolicy(app: app, channel: channel)) }
    /// The policy says nothing a seed format can carry for that platform.
    public static func nothingInFormat(_ app: String, channel: ReleaseChannel, platform: Platform) -> ServiceError {
        .init(.nothingInFormat(app: app, channel: channel, platform: platform))
    }
    /// No revision with that number.
    public static func revisionNotFound(_ app: String, channel: ReleaseChannel, number: Int) -> ServiceError {
        .init(.revisionNotFound(app: app, channel: channel, number: number))
    }
    /// No such exemption.
    public static let exemptionNotFound = ServiceError(.exemptionNotFound)
    /// No active token with that ID.
    public static func tokenNotFound(_ id: String) -> ServiceError { .init(.tokenNotFound(id)) }
    /// No sign-in user with that ID or address in the app.
    public static func userNotFound(_ app: String, user: String) -> ServiceError { .init(.userNotFound(app: app, user: user)) }
    /// No signing key has been generated yet.
    public static let noSigningKey = ServiceError(.noSigningKey)
    /// No stored signing key has that ID or public key.
    public static func signingKeyNotFound(_ key: String) -> ServiceError { .init(.signingKeyNotFound(key)) }
    /// A seed path was called but no default app is configured.
    public static func noDefaultApp(path: String) -> ServiceError { .init(.noDefaultApp(path: path)) }
    /// An app with that ID already exists.
    public static func appExists(_ id: String) -> ServiceError { .init(.appExists(id)) }
    /// Another publish to the same app and channel committed first.
    public static func publishRace(_ app: String, channel: ReleaseChannel) -> ServiceError { .init(.publishRace(app: app, channel: channel)) }
    /// A freshly drawn random ID is already taken (astronomically rare; a retry draws another).
    public static let idCollision = ServiceError(.idCollision)
    /// The policy breaks validation rules; every issue is listed.
    public static func invalidPolicy(_ issues: [PolicyIssue]) -> ServiceError { .init(.invalidPolicy(issues)) }
    /// An app ID outside the allowed alphabet or length.
    public static func invalidAppID(_ id: String) -> ServiceError {
        .init(.invalid(code: "invalid-app-id", message: "app id \"\(id.prefix(64))\" must be 1 to 64 lowercase letters, digits, '.', '-' or '_'"))
    }
    /// An app name that is empty, too long, or not one line of printable text (``DisplayText``).
    public static let invalidAppName = ServiceError(.invalid(
        code: "invalid-app-name",
        message: "give the app a name of 1 to 100 bytes, on one line, without control characters or bidirectional overrides"))
    /// A note (of a revision or an exemption) that is not one line of printable text (``DisplayText``).
    public static let invalidNoteText = ServiceError(.invalid(
        code: "invalid-note",
        message: "the note must be one line, without control characters or bidirectional overrides"))
    /// A token name that is empty, too long, or not one line of printable text.
    public static let invalidTokenName = ServiceError(.invalid(
        code: "invalid-token-name",
        message: "give the token a name of 1 to 100 bytes that says who holds it, on one line, without control characters or bidirectional overrides"))
    /// The document a publish or an exemption change would sign is larger than clients accept.
    public static func documentTooLarge(bytes: Int, limit: Int) -> ServiceError {
        .init(.invalid(code: "document-too-large", message: "the signed document would be \(bytes) bytes, and apps refuse documents over \(limit); shorten the texts or remove exemptions. Nothing was changed"))
    }
    /// A revision's note longer than ``PolicyService/maximumNoteBytes``.
    public static func noteTooLong(bytes: Int, limit: Int) -> ServiceError {
        .init(.invalid(code: "invalid-note", message: "the note is \(bytes) bytes; the limit is \(limit) (UTF-8 bytes, not characters)"))
    }
    /// An exemption that can't be stored.
    public static func invalidExemption(_ why: String) -> ServiceError { .init(.invalid(code: "invalid-exemption", message: why)) }
    /// The app already has `count` exemptions, the most a signed policy may list.
    public static func tooManyExemptions(_ count: Int) -> ServiceError {
        invalidExemption("the app already has \(count) exemptions, the most a signed policy may list; remove some first")
    }

    /// See ``LaunchGateFailure/code``.
    public var code: String {
        switch reason {
        case .appNotFound: "app-not-found"
        case .noPolicy, .nothingInFormat: "no-policy"
        case .revisionNotFound: "revision-not-found"
        case .exemptionNotFound: "exemption-not-found"
        case .tokenNotFound: "token-not-found"
        case .userNotFound: "user-not-found"
        case .noSigningKey: "no-signing-key"
        case .signingKeyNotFound: "signing-key-not-found"
        case .noDefaultApp: "no-default-app"
        case .invalidPolicy: "invalid-policy"
        case .invalid(let code, _): code
        case .appExists: "app-exists"
        case .publishRace: "publish-race"
        case .idCollision: "conflict"
        }
    }

    /// See ``LaunchGateFailure/message``.
    public var message: String {
        switch reason {
        case .appNotFound(let id): "no app \"\(id.prefix(64))\"; create it with 'launchgate apps create'"
        case .noPolicy(let app, let channel):
            "app \"\(app.prefix(64))\" has no \(channel.rawValue) policy yet; publish one with 'launchgate policy publish'"
        case .nothingInFormat(let app, let channel, let platform):
            "the \(channel.rawValue) policy of \"\(app.prefix(64))\" has nothing to say for \(platform.rawValue) in this format"
        case .revisionNotFound(let app, let channel, let number):
            "app \"\(app.prefix(64))\" has no \(channel.rawValue) revision \(number); see 'launchgate policy history \(app.prefix(64))'"
        case .exemptionNotFound: "no such exemption; see 'launchgate exemptions list'"
        case .tokenNotFound(let id): "no active token \(id.prefix(64)); see 'launchgate tokens list'"
        case .userNotFound(let app, let user):
            "app \"\(app.prefix(64))\" has no user \(user.prefix(254)); see 'launchgate users list \(app.prefix(64))'"
        case .noSigningKey: "no signing key yet; run 'launchgate keys generate'"
        case .signingKeyNotFound(let key): "no signing key \(key); see 'launchgate keys list'"
        case .noDefaultApp(let path): "no default app is configured for \(path); start the server with --default-app"
        case .invalidPolicy: "the policy is invalid; fix the fields listed in issues"
        case .invalid(_, let message): message
        case .appExists(let id): "an app \"\(id.prefix(64))\" already exists"
        case .publishRace(let app, let channel):
            "another publish to \(app.prefix(64))/\(channel.rawValue) happened at the same moment; publish again"
        case .idCollision: "a new ID collided with an existing one; try again"
        }
    }

    /// See ``LaunchGateFailure/kind``.
    public var kind: FailureKind {
        switch reason {
        case .appNotFound, .noPolicy, .nothingInFormat, .revisionNotFound, .exemptionNotFound, .tokenNotFound, .userNotFound, .noSigningKey, .signingKeyNotFound,
             .noDefaultApp:
            .notFound
        case .invalidPolicy, .invalid: .invalidInput
        case .appExists, .publishRace, .idCollision: .conflict
        }
    }

    /// See ``LaunchGateFailure/issues``.
    public var issues: [PolicyIssue] {
        if case .invalidPolicy(let issues) = reason { return issues }
        return []
    }
}
