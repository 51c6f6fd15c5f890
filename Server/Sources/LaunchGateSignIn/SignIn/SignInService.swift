import Foundation
import LaunchGatePolicies
import Logging
import LaunchGateStorage

/// Passwordless sign-in: sends codes, checks them, and issues and checks sessions. Shared by the
/// HTTP API and the CLI; storage, time and randomness are injected.
///
/// ```swift
/// let sent = try await signIn.sendCode(app: "notes", email: "ada@example.com", client: "203.0.113.7")
/// let signedIn = try await signIn.verifyCode(app: "notes", email: "ada@example.com", code: "123456",
///                                            deviceID: "6F1C…", client: "203.0.113.7")
/// ```
///
/// Nothing it answers depends on whether an account exists until a code is right: a send does
/// the same work for every address, and every failed verify is the same failure.
public struct SignInService: Sendable {
    package let repository: any SignInRepository
    package let policies: PolicyService
    package let secrets: SignInSecrets
    package let configuration: SignInConfiguration
    package let random: any RandomSource
    package let signal: OutboxSignal
    package let now: @Sendable () -> Date
    /// Where new users, deleted users and undeliverable mail are reported for webhooks, after
    /// the change commits. None by default.
    public var events: any WebhookEvents = NoWebhookEvents()
    let settingsCache = SignInSettingsCache()
    /// The per-client cap on verifies, counted in memory so that verifies of made-up addresses
    /// store nothing (``ClientWindowCounter``); `nil` when the cap is off.
    let verifyClients: ClientWindowCounter?
    /// The app-wide bounds on sign-in mail: per network across an app's addresses, and per app.
    let mailBudget: SignInMailBudget

    /// Creates the service.
    /// - Parameters:
    ///   - repository: Sign-in storage.
    ///   - policies: Knows which apps exist, from memory.
    ///   - secrets: The code HMAC key and the outbox seal.
    ///   - configuration: Lifetimes and limits.
    ///   - random: Draws codes, tokens and IDs; a CSPRNG outside tests.
    ///   - signal: Wakes the outbox worker when mail is queued.
    ///   - now: The clock.
    ///   - logger: Where a refusal by an app-wide mail cap is logged (once an hour per kind).
    public init(repository: any SignInRepository, policies: PolicyService, secrets: SignInSecrets,
                configuration: SignInConfiguration = SignInConfiguration(), random: any RandomSource = SystemRandomSource(),
                signal: OutboxSignal = OutboxSignal(), now: @escaping @Sendable () -> Date = Date.init,
                logger: Logger = Logger(label: "launchgate.sign-in")) {
        self.repository = repository
        self.policies = policies
        self.secrets = secrets
        self.configuration = configuration
        self.random = random
        self.signal = signal
        self.now = now
        self.verifyClients = configuration.clientVerifies > 0
            ? ClientWindowCounter(limit: configuration.clientVerifies, window: configuration.clientWindow) : nil
        self.mailBudget = SignInMailBudget(networkSends: configuration.appNetworkSendsPerHour, appMail: configuration.appMailPerHour,
                                           logger: logger)
    }

    /// What a send answers, the same for every address.
    public struct CodeSent: Sendable, Hashable {
        /// The normalised address.
        public var email: String
        /// Digits in the code.
        public var codeLength: Int
        /// Seconds the code works.
        public var expiresIn: Int
        /// Seconds before another send to the address is allowed.
        public var resendAfter: Int
    }

    /// A correct code's result: the user, the session and its bearer token (shown once).
    public struct SignedIn: Sendable, Hashable {
        /// The user and the new session.
        public var completion: SignInCompletion
        /// The bearer token; only its hash is stored.
        public var token: String
    }

    // MARK: Sending

    /// Draws a code for the address, stores its HMAC and queues the mail, unless a rule refuses.
    /// - Parameters:
    ///   - app: The app.
    ///   - email: The address as typed; trimmed and lowercased here.
    ///   - client: The client's IP address, for the per-client cap.
    ///   - longCodes: Whether the client takes a code longer than the app's (the SDK does, reading
    ///     `code_length`): past the address's room for short codes it is sent one (``ShortCodeRoom``).
    ///     Without, as on the seed's `/api/auth` paths, whose clients have 4 digits' field, such a
    ///     send is refused (`rate_limited`).
    /// - Throws: ``SignInServiceError``: `invalid_email`, `not_found`, `locked`, `delivery_failed`
    ///   (once, after a permanent failure to the address) or `rate_limited`.
    public func sendCode(app: String, email: String, client: String, longCodes: Bool = true) async throws -> CodeSent {
        let email = try SignInAddress.normalized(email)
        try await requireApp(app)
        let now = now()
        let length = try await cachedSettings(app: app, at: now).codeLength
        let code = SignInTokens.code(length: length, using: random)
        let expiresAt = now.addingTimeInterval(configuration.codeLifetime)
        let network = SignInNetwork.of(client)
        // The app-wide caps first: the same answer as any limit, for every address.
        if let wait = mailBudget.admit(app: app, network: network, at: now) { throw SignInServiceError.rateLimited(retryAfter: Self.seconds(wait)) }
        let record = SignInCodeRecord(id: SignInTokens.id("code", bytes: 12, using: random), appID: app, email: email, network: network,
                                      codeHash: try await secrets.codeHash(code, app: app, email: email), createdAt: now, expiresAt: expiresAt)
        let mail = OutboxMessage(id: SignInTokens.id("msg", bytes: 12, using: random), appID: app, email: email, network: network,
                                 sealedCode: try secrets.seal(code), codeExpiresAt: expiresAt, nextAttemptAt: now, createdAt: now)
        var charges: [RateLimitCharge] = []
        if configuration.clientSends > 0 {
            charges.append(RateLimitCharge(key: "send-client|\(client)", rules: [RateLimitRule(limit: configuration.clientSends, window: configuration.clientWindow)]))
        }
        charges.append(configuration.networkSendCharge(app: app, email: email, client: client))
        // One transaction: the lock, a failed delivery to report, room for the code, the limits (the
        // address's own only for networks it never signed in from), then the code and its mail.
        let request = configuration.request(record, mail: mail, charges: charges,
                                            addressCharges: [configuration.addressSendCharge(app: app, email: email)],
                                            room: configuration.shortCodeRoom(app: app, email: email),
                                            long: longCodes ? try await longCode(for: record, length: length) : nil)
        let issued: Int
        switch try await repository.requestCode(request, at: now) {
        case .issued: issued = length
        case .issuedLong: issued = SignInConfiguration.longCodeLength(length)
        case .locked(let until): throw SignInServiceError.locked(retryAfter: Self.seconds(until.timeIntervalSince(now)))
        case .deliveryFailed: throw SignInServiceError.deliveryFailed
        case .rateLimited(let wait): throw SignInServiceError.rateLimited(retryAfter: Self.seconds(wait))
        }
        mailBudget.queued(app: app, network: network, at: now)
        signal.notify()
        return CodeSent(email: email, codeLength: issued, expiresIn: Int(configuration.codeLifetime.rounded()),
                        resendAfter: Int(configuration.resendInterval.rounded(.up)))
    }

    /// The long code a send is issued instead of `short` past the address's room (``ShortCodeRoom``),
    /// with its mail: drawn for every send, so a send past the room costs what any other does.
    private func longCode(for short: SignInCodeRecord, length: Int) async throws -> (code: SignInCodeRecord, mail: OutboxMessage) {
        let digits = SignInTokens.code(length: SignInConfiguration.longCodeLength(length), using: random)
        var code = short
        (code.id, code.codeHash, code.isLong) = (SignInTokens.id("code", bytes: 12, using: random),
                                                 try await secrets.codeHash(digits, app: short.appID, email: short.email), true)
        let mail = OutboxMessage(id: SignInTokens.id("msg", bytes: 12, using: random), appID: short.appID, email: short.email,
                                 network: short.network, sealedCode: try secrets.seal(digits), codeExpiresAt: short.expiresAt,
                                 nextAttemptAt: short.createdAt, createdAt: short.createdAt)
        return (code, mail)
    }

    // MARK: Verifying

    /// Checks a code and, when it is right, signs the address in on the device.
    /// - Parameters:
    ///   - app: The app.
    ///   - email: The address as typed.
    ///   - code: The digits.
    ///   - deviceID: The device the session is for: 1 to 128 printable ASCII characters.
    ///   - client: The client's IP address.
    /// - Returns: The user, whether it is new, and the session with its token.
    /// - Throws: ``SignInServiceError``: `invalid_email`, `invalid_request` (device ID),
    ///   `invalid_code` (shape, or wrong, used, expired, never sent), `not_found`, `locked`, `rate_limited`.
    public func verifyCode(app: String, email: String, code: String, deviceID: String, client: String) async throws -> SignedIn {
        let email = try SignInAddress.normalized(email)
        guard (1...128).contains(deviceID.utf8.count), deviceID.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            throw SignInServiceError.invalidRequest("device_id must be 1 to 128 printable ASCII characters")
        }
        try await requireApp(app)
        let now = now()
        let length = try await cachedSettings(app: app, at: now).codeLength
        let digits = code.trimmingCharacters(in: .whitespaces)
        // A long code (ShortCodeRoom) has 3 more digits; at 10 digits both lengths are 10.
        let long = SignInConfiguration.longCodeLength(length)
        guard digits.utf8.count == length || digits.utf8.count == long, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw SignInServiceError.invalidCodeShape(length: length)
        }
        if let wait = verifyClients?.record(client, at: now) { throw SignInServiceError.rateLimited(retryAfter: Self.seconds(wait)) }
        // Drawn before anyone knows whether the code is right, so a wrong code costs what a right one does.
        let token = SignInTokens.sessionToken(using: random)
        let attempt = CodeAttempt(
            appID: app, email: email, network: SignInNetwork.of(client), codeHash: try await secrets.codeHash(digits, app: app, email: email),
            charges: [configuration.networkGuessCharge(app: app, email: email, client: client)],
            addressCharges: [configuration.addressGuessCharge(app: app, email: email)], room: configuration.shortCodeRoom(app: app, email: email),
            lengths: (short: digits.utf8.count == length, long: digits.utf8.count == long), comparedCodes: configuration.liveCodesPerAddress,
            maxAttempts: configuration.attemptsPerCode, lockoutThreshold: configuration.lockoutFailures, lockout: configuration.lockoutDuration,
            newUserID: SignInTokens.id("usr", bytes: 12, using: random),
            grant: SessionGrant(id: SignInTokens.id("ses", bytes: 8, using: random), deviceID: deviceID,
                                tokenHash: SignInTokens.hash(token), expiresAt: now.addingTimeInterval(configuration.sessionLifetime)))
        // One transaction: the network's lock, a try of its own code, the limits and the room for
        // others' codes, the compare with at most the address's live codes' cap of them, the newest,
        // then the sign-in or the network's failure.
        // user.created is made and stored only in the transaction of a sign-in that creates the
        // user, so a crash after that commit can't lose it, and a wrong guess renders none (review s14, K16).
        let (events, newUserID) = (events, attempt.newUserID)
        let created: @Sendable () -> PendingWebhookEvent? = {
            events.prepare(.userCreated, appID: app, data: UserEventData(app: app, user: newUserID, email: email, by: nil), occurredAt: now)
        }
        switch try await repository.attemptCode(attempt, newUserEvent: created, at: now) {
        case .signedIn(let completion):
            return SignedIn(completion: completion, token: token)
        case .wrong: throw SignInServiceError.invalidCode
        case .locked(let until): throw SignInServiceError.locked(retryAfter: Self.seconds(until.timeIntervalSince(now)))
        case .rateLimited(let wait): throw SignInServiceError.rateLimited(retryAfter: Self.seconds(wait))
        }
    }

    // MARK: Sessions

    /// The active session a bearer token names, and its user.
    /// - Parameters:
    ///   - app: The app in the path; a session of another app is refused.
    ///   - token: The bearer value, if any.
    ///   - deviceID: The device the caller says it is, if it says; a session of another device is refused.
    /// - Throws: ``SignInServiceError`` `not_found` or `unauthorized`.
    public func session(app: String, token: String?, deviceID: String? = nil) async throws -> (SessionRecord, UserRecord) {
        try await requireApp(app)
        guard let token, SignInTokens.isSessionToken(token),
              let (session, user) = try await repository.session(tokenHash: SignInTokens.hash(token)),
              session.appID == app, session.isActive(at: now()), deviceID.map({ $0 == session.deviceID }) ?? true else {
            throw SignInServiceError.unauthorized
        }
        return (session, user)
    }

    /// Revokes the session a bearer token names.
    /// - Throws: ``SignInServiceError`` `not_found` or `unauthorized` (also for a session already ended).
    public func signOut(app: String, token: String?, deviceID: String? = nil) async throws {
        let (session, _) = try await session(app: app, token: token, deviceID: deviceID)
        guard try await repository.revokeSession(tokenHash: session.tokenHash, at: now()) else { throw SignInServiceError.unauthorized }
    }

    // MARK: Rules

    /// An app's settings, or the defaults, as stored now.
    public func settings(app: String) async throws -> SignInSettings {
        try await repository.settings(appID: app) ?? SignInSettings(appID: app)
    }

    /// An app's settings as read at most a few seconds ago (``SignInSettingsCache``), for the hot path.
    func cachedSettings(app: String, at now: Date) async throws -> SignInSettings {
        if let cached = settingsCache.settings(app: app, at: now) { return cached }
        let generation = settingsCache.generation
        let settings = try await settings(app: app)
        settingsCache.store(settings, at: now, readAfter: generation)
        return settings
    }

    func requireApp(_ app: String) async throws {
        guard try await policies.appExists(app) else { throw SignInServiceError.appNotFound(app) }
    }

    /// Whole seconds for Retry-After, never 0 while something is still refused. Times are stored
    /// in whole milliseconds, so a wait is first rounded to those: 60.0004 s (a stored time's
    /// rounding, not a real wait) is 60 s, not 61.
    package static func seconds(_ interval: TimeInterval) -> Int { max(1, Int(((interval * 1000).rounded() / 1000).rounded(.up))) }
}
