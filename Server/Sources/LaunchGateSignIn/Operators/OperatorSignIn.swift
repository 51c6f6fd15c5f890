import Foundation
import LaunchGateStorage

/// The console's sign-in by emailed code for operators, on the app sign-in's machinery: codes
/// drawn and HMAC'd by ``SignInSecrets``, stored and mailed through the ``SignInRepository``'s
/// codes and outbox, with its per-address and per-client limits, attempt cap and lockout.
///
/// Operators are no app's users, so their codes live under ``appID``, which no app can have (app
/// IDs can't contain `:`), and a right code is consumed without making a user or an app session.
///
/// No answer says whether an address is an operator: a send to any address charges the same
/// limits and answers the same after the same work (only an operator's gets a code and mail, on
/// ``OperatorSendQueue`` after the answer), and a verify of any address sent a code within a
/// code's lifetime claims a try, so a wrong code, an unknown address and a removed operator all
/// count the same failure and give the same refusal. A verify of an address sent nothing in that
/// time (operator or not) has nothing to guess: it is refused at once and stores nothing, so wrong
/// codes to made-up addresses leave no rows (issue 27, item 5).
public struct OperatorSignIn: Sendable {
    /// The sign-in tables' app ID for console operators; not a valid app ID.
    public static let appID = "console:operators"
    /// Digits in an operator's code.
    package static let codeLength = SignInSettings.defaultCodeLength
    /// Digits in an operator's long code, sent past the address's room for short codes (``ShortCodeRoom``).
    package static let longCodeLength = SignInConfiguration.longCodeLength(codeLength)

    package let operators: any OperatorRepository
    package let repository: any SignInRepository
    package let secrets: SignInSecrets
    package let configuration: SignInConfiguration
    package let random: any RandomSource
    package let signal: OutboxSignal
    package let now: @Sendable () -> Date
    /// Where each operator's code and mail are made, after the answer.
    package let sends: OperatorSendQueue
    /// The per-client cap on verifies, in memory as the app sign-in's is; `nil` when it is off.
    let verifyClients: ClientWindowCounter?

    /// Creates the flow over sign-in's parts.
    /// - Parameters:
    ///   - operators: Who may sign in.
    ///   - signIn: The app sign-in, whose storage, secrets, limits, randomness, outbox signal and clock are used.
    public init(operators: any OperatorRepository, signIn: SignInService) {
        self.operators = operators
        self.repository = signIn.repository
        self.secrets = signIn.secrets
        self.configuration = signIn.configuration
        self.random = signIn.random
        self.signal = signIn.signal
        self.now = signIn.now
        self.sends = OperatorSendQueue(capacity: signIn.configuration.operatorSendBacklog)
        self.verifyClients = signIn.configuration.clientVerifies > 0
            ? ClientWindowCounter(limit: signIn.configuration.clientVerifies, window: signIn.configuration.clientWindow) : nil
    }

    /// Mails a code to the address if it is an active operator's; answers the same either way.
    ///
    /// The answer comes after the same work for every address: the lockout check, the limits and
    /// the room for short codes, charged here, and the operator lookup. The code and its mail
    /// follow on ``sends``, after the answer, so neither the answer nor its timing says whether the
    /// address is an operator's.
    /// - Parameters:
    ///   - email: The address as typed.
    ///   - client: The client's IP address, for the per-client cap.
    /// - Returns: The normalised address and the digits of the code mailed, if it is an
    ///   operator's: ``longCodeLength`` past the address's room for short codes, else ``codeLength``.
    /// - Throws: ``SignInServiceError`` `invalid_email`, `locked` or `rate_limited`.
    @discardableResult
    public func sendCode(email: String, client: String) async throws -> SignInService.CodeSent {
        let email = try SignInAddress.normalized(email)
        let now = now()
        let network = SignInNetwork.of(client)
        // The address's own cap only for networks it never signed in from (KnownNetworks): read for
        // every address alike, and only an operator's sign-in makes a network known.
        let known = try await repository.isKnownNetwork(appID: Self.appID, email: email, network: network, at: now)
        // Nor for a network's first send in the hour, as on the app's paths (CodeRoom): told by the
        // network's own key, which every address has, so that it says nothing about operators.
        let networkSend = configuration.networkSendCharge(app: Self.appID, email: email, client: client)
        let first = try await repository.lastEvent(key: networkSend.key).map { now.timeIntervalSince($0) >= CodeRoom.firstSendWindow } ?? true
        // All or none, as on the app's paths: a resend inside its interval spends nothing of the
        // client's cap (attack s11, A7), nor a send the client's cap refuses of its network's share.
        let charges = [networkSend] + [clientCharge("console-send-client|\(client)", limit: configuration.clientSends)].compactMap { $0 }
            + (known || first ? [] : [configuration.addressSendCharge(app: Self.appID, email: email)])
            + [RateLimitCharge(key: Self.sentKey(email), rules: [])]
        try await admit(email: email, network: network, at: now, charges: charges)
        // The code's tries are paid into the address's room for short codes (ShortCodeRoom) after
        // every other limit, from networks it doesn't know; past the room the code is long. Paid
        // here for every address alike, so the length the answer names doesn't tell operators apart.
        let room = configuration.shortCodeRoom(app: Self.appID, email: email)
        let long = known ? false : try await repository.record(room.charge(configuration.attemptsPerCode), at: now) != nil
        let sent = SignInService.CodeSent(email: email, codeLength: long ? Self.longCodeLength : Self.codeLength,
                                          expiresIn: Int(configuration.codeLifetime.rounded()),
                                          resendAfter: Int(configuration.resendInterval.rounded(.up)))
        // Looked up here for every address, operator or not: the same one indexed read either
        // way. Only an operator's request takes a place on the queue, so made-up addresses can't
        // fill it and have a real operator's code dropped.
        guard let found = try await operators.find(email: email), found.isActive else { return sent }
        sends.submit { [self] in
            // Nobody waits for this: a failure here is the mail page's, like a failed delivery.
            try? await issueCode(email: email, network: network, long: long, at: now)
        }
        return sent
    }

    /// Queues a code and its mail if the address is still an active operator's (it may have been
    /// removed since ``sendCode(email:client:)`` looked); the limits and the room were charged there.
    private func issueCode(email: String, network: String, long: Bool, at now: Date) async throws {
        guard let found = try await operators.find(email: email), found.isActive else { return }
        // A permanent failure of the last mail is reported once; it is on the console's mail
        // page, so the request is simply made again (once: the failure is reported now).
        for _ in 0..<2 {
            let code = SignInTokens.code(length: long ? Self.longCodeLength : Self.codeLength, using: random)
            let expiresAt = now.addingTimeInterval(configuration.codeLifetime)
            let record = SignInCodeRecord(id: SignInTokens.id("code", bytes: 12, using: random), appID: Self.appID, email: email,
                                          network: network, codeHash: try await secrets.codeHash(code, app: Self.appID, email: email),
                                          createdAt: now, expiresAt: expiresAt, isLong: long)
            let mail = OutboxMessage(id: SignInTokens.id("msg", bytes: 12, using: random), appID: Self.appID, email: email,
                                     network: network, sealedCode: try secrets.seal(code), codeExpiresAt: expiresAt, nextAttemptAt: now, createdAt: now)
            switch try await repository.requestCode(configuration.request(record, mail: mail, charges: [], addressCharges: []), at: now) {
            case .issued, .issuedLong:
                signal.notify()
                return
            case .locked, .rateLimited: return
            case .deliveryFailed: continue
            }
        }
    }

    /// Checks a code and, when it is right and the address still an active operator's, answers the operator.
    /// - Parameters:
    ///   - email: The address as typed.
    ///   - code: The digits.
    ///   - client: The client's IP address.
    /// - Throws: ``SignInServiceError`` `invalid_email`, `invalid_code` (shape, or wrong, used,
    ///   expired, never sent, not an operator), `locked` or `rate_limited`.
    public func verifyCode(email: String, code: String, client: String) async throws -> OperatorRecord {
        let email = try SignInAddress.normalized(email)
        let digits = code.trimmingCharacters(in: .whitespaces)
        // A long code (ShortCodeRoom) has 3 more digits; a guess is compared only with codes of its length.
        let long = digits.utf8.count == Self.longCodeLength
        guard digits.utf8.count == Self.codeLength || long, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw SignInServiceError.invalidCodeShape(length: Self.codeLength, orLong: Self.longCodeLength)
        }
        let now = now()
        if let wait = verifyClients?.record(client, at: now) { throw SignInServiceError.rateLimited(retryAfter: SignInService.seconds(wait)) }
        let network = SignInNetwork.of(client)
        try await admit(email: email, network: network, at: now, charges: [])
        // Every send is marked for every address, operator or not: with none within a code's lifetime
        // there is no code to guess, for anyone, and nothing is charged or counted. The network's own
        // send (marked too) says whether the guess spends its own code's try.
        guard try await lastSend(key: Self.sentKey(email), at: now) != nil else { throw SignInServiceError.invalidCode }
        let ownSend = try await lastSend(key: SignInConfiguration.networkSendKey(app: Self.appID, email: email, network: network), at: now)
        let hash = try await secrets.codeHash(digits, app: Self.appID, email: email)
        // Compared with live codes of other networks too (the operator may have changed network
        // since asking), the newest few (compared(_:width:in:)); of two right verifies of one code
        // only one consumes it.
        let live = try await repository.liveCodes(appID: Self.appID, email: email, maxAttempts: configuration.attemptsPerCode, at: now)
            .filter { $0.isLong == long }
        // The address's cap on guesses at others' codes, and its room for short codes, only for
        // networks it never signed in from.
        let known = try await repository.isKnownNetwork(appID: Self.appID, email: email, network: network, at: now)
        let charges = [configuration.networkGuessCharge(app: Self.appID, email: email, client: client)]
            + (known ? [] : [configuration.addressGuessCharge(app: Self.appID, email: email)])
        let room = known || long ? nil : configuration.shortCodeRoom(app: Self.appID, email: email)
        var candidates = live
        if let ownSend {
            try await ownTry(email: email, network: network, sent: ownSend, at: now)
            // The network's own code (only operators have one) takes the try, so that it dies after
            // its tries for every network; an UPDATE of no row costs the same for anyone else.
            _ = try await repository.claimAttempt(appID: Self.appID, email: email, network: network, maxAttempts: configuration.attemptsPerCode, at: now)
            if let found = try await signIn(hash, among: live.filter { $0.network == network }, email: email, network: network, at: now) {
                return found
            }
            // Others' codes only within the room and the charges others share; a refusal answers
            // as the miss it is, the same for every address (issue 27: no code guessed more than 25
            // times an hour from networks other than its own).
            // One fewer than an address's live codes (the own network, which the address doesn't
            // know, holds one place: a known one has no room to pay).
            let width = configuration.liveCodesPerAddress - 1
            let paid = try await repository.record(all: charges + roomCharge(paying: width, in: room), at: now) == nil
            candidates = paid ? Self.compared(live.filter { $0.network != network }, width: width, in: room) : []
        } else {
            if let wait = try await repository.record(all: charges + roomCharge(paying: configuration.liveCodesPerAddress, in: room), at: now) {
                throw SignInServiceError.rateLimited(retryAfter: SignInService.seconds(wait))
            }
            candidates = Self.compared(live, width: configuration.liveCodesPerAddress, in: room)
        }
        if let found = try await signIn(hash, among: candidates, email: email, network: network, at: now) { return found }
        _ = try await repository.recordFailure(appID: Self.appID, email: email, network: network, threshold: configuration.lockoutFailures,
                                               lockout: configuration.lockoutDuration, at: now)
        throw SignInServiceError.invalidCode
    }

    /// The newest send charged under `key` within a code's lifetime, if any.
    private func lastSend(key: String, at now: Date) async throws -> Date? {
        try await repository.lastEvent(key: key).flatMap { now.timeIntervalSince($0) < configuration.codeLifetime ? $0 : nil }
    }

    /// Spends a try of the network's own code, decided the same way for every address, operator or
    /// not (only operators get codes, so the codes themselves can't decide it without telling): when
    /// the network's own send is within a code's lifetime (`sent`) it has "its own code", and the
    /// guess spends one of that send's ``SignInConfiguration/attemptsPerCode`` tries, which nobody
    /// else can spend (and which refuses once they are spent, before any compare); otherwise it
    /// spends its network's share and the address's cap, as the app sign-in's.
    /// - Throws: ``SignInServiceError`` `rate_limited` when the send's tries are spent.
    private func ownTry(email: String, network: String, sent: Date, at now: Date) async throws {
        try await admit(email: email, network: network, at: now, charges: [
            RateLimitCharge(key: "guess-code|\(Self.appID)|\(email)|\(network)|\(sent.milliseconds)",
                            rules: [RateLimitRule(limit: configuration.attemptsPerCode, window: configuration.codeLifetime)]),
        ], checkingLock: false)
    }

    /// Pays the room for comparing a short guess with other networks' codes (``ShortCodeRoom``),
    /// all or nothing: `width` comparisons (at most the room's limit), whatever codes there are.
    /// Not one a code: only an operator's address has codes, so what a guess pays must not depend
    /// on them, or the room would tell who the operators are; ``compared(_:width:in:)`` holds the
    /// comparisons to what was paid (review s10, R1: paying one a code past `width` told them apart
    /// once first sends could give an address more live codes than the cap).
    ///
    /// Charged with the network's share and the address's cap, all or none, as on the app's paths:
    /// a guess the room refuses, compared with nothing, spends neither (attack s11, A4: 25 refused
    /// guesses from 5 /24s used up the address's 25, and the operator's 9-digit code, which pays no
    /// room, was then refused for an hour on any network but the one that asked), and one the share
    /// or the cap refuses pays no room and stores no share (attack s12, B6).
    /// - Returns: The room's charge, none when there is no room to pay.
    private func roomCharge(paying width: Int, in room: ShortCodeRoom?) -> [RateLimitCharge] {
        guard let room, min(width, room.limit) > 0 else { return [] }
        return [room.charge(min(width, room.limit))]
    }

    /// The codes a guess is compared with: the newest `width` (``ComparedCodes``), and with a room
    /// to pay at most the room's limit, what ``roomCharge(paying:in:)`` paid for. Without a room (a
    /// known network, or a long guess) still no more than `width`: first sends can give an address a
    /// long code for each network that sent, and compared with all of them a guess had one chance
    /// for each (attack s11, A2).
    static func compared(_ codes: [SignInCodeRecord], width: Int, in room: ShortCodeRoom?) -> [SignInCodeRecord] {
        ComparedCodes.newest(codes, width: room.map { min(width, $0.limit) } ?? width)
    }

    /// The active operator whose code among `codes` matches `hash`, consuming it, if any.
    private func signIn(_ hash: String, among codes: [SignInCodeRecord], email: String, network: String, at now: Date) async throws -> OperatorRecord? {
        guard let match = SignInTokens.match(hash, among: codes),
              try await repository.consumeCode(id: match.id, appID: Self.appID, email: email, network: network, at: now),
              let found = try await operators.find(email: email), found.isActive else { return nil }
        return found
    }

    /// Refuses an address locked for the network (unless `checkingLock` is false), then records the
    /// charges all or none (``SignInRepository/record(all:at:)``), as the app sign-in's
    /// ``SignInRepository/requestCode(_:at:)`` does: a request one limit refuses spends no other.
    /// - Throws: ``SignInServiceError`` `locked` or `rate_limited`.
    private func admit(email: String, network: String, at now: Date, charges: [RateLimitCharge], checkingLock: Bool = true) async throws {
        if checkingLock, let until = try await repository.addressState(appID: Self.appID, email: email, network: network).lockedUntil,
           until > now {
            throw SignInServiceError.locked(retryAfter: SignInService.seconds(until.timeIntervalSince(now)))
        }
        if let wait = try await repository.record(all: charges, at: now) {
            throw SignInServiceError.rateLimited(retryAfter: SignInService.seconds(wait))
        }
    }

    /// The key under which every send to `email` is marked, whatever it was charged: a charge with
    /// no rules, which keeps only the newest time. The address's cap on sends can't be it, since
    /// known networks and first sends skip that cap (an operator's known network once sent a code
    /// that its verify then found no send for).
    static func sentKey(_ email: String) -> String { "sent|\(appID)|\(email)" }

    /// `limit` events per client window under `key`, or `nil` when `limit` is 0 (no limit).
    private func clientCharge(_ key: String, limit: Int) -> RateLimitCharge? {
        limit > 0 ? RateLimitCharge(key: key, rules: [RateLimitRule(limit: limit, window: configuration.clientWindow)]) : nil
    }
}
