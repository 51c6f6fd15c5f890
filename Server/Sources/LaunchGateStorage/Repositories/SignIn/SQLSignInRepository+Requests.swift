import Foundation
import SQLKit

/// Send-code and verify-code, each one transaction on both engines (``SQLSignInRepository+Steps``
/// has the statements). On SQLite the transaction takes the write lock once, so every step reads
/// what the one before left. On PostgreSQL each step that decides is a conditional statement
/// that re-checks its row (a claim, a charge, a consume), and a send or a verify first takes a
/// lock on its address for the transaction, so two sends from new networks can't both take the
/// last place.
extension SQLSignInRepository {
    public func requestCode(_ request: CodeRequest, at now: Date) async throws -> CodeRequestOutcome {
        let serialized = onPostgres
        do {
            return try await againOnConflict {
                try await database.transaction(.relaxed) { db in
                    try await Self.requestCode(request, at: now, serialized: serialized, stepByStepOn: db)
                }
            }
        } catch let refused as Refused {
            return .rateLimited(refused.wait)
        } catch where SQLRepository.isUniqueViolation(error) {
            throw ServiceError.idCollision
        }
    }

    /// A send refused by a limit, or past the room when it can't take a long code (the seed's
    /// paths), or a guess from a network without a code of its own that a limit refuses, or the
    /// room with no long code to compare: thrown to roll back what it charged before, so it spends
    /// nothing of its network's, its address's or its client's limits (review s9b, K3; attack s11,
    /// A4, A7; s12, B6).
    private struct Refused: Error {
        let wait: TimeInterval
    }

    public func attemptCode(_ attempt: CodeAttempt, newUserEvent: (@Sendable () -> PendingWebhookEvent?)?, at now: Date) async throws -> CodeAttemptOutcome {
        // SQLite's write lock keeps the failure count read in the transaction current; on PostgreSQL
        // another verify may have counted one meanwhile, so a success always clears it.
        let readCountHolds = !onPostgres
        do {
            let (outcome, queued) = try await againOnConflict {
                try await database.transaction(.relaxed) { db -> (CodeAttemptOutcome, QueuedWebhookEvent?) in
                    let outcome = try await Self.attemptCode(attempt, at: now, readCountHolds: readCountHolds, serialized: !readCountHolds,
                                                             stepByStepOn: db)
                    guard case .signedIn(let completion) = outcome, completion.isNewUser else { return (outcome, nil) }
                    return (outcome, try await newUserEvent?()?.enqueue(on: db))
                }
            }
            // After the commit: a run ended by a conflict and run again reported nothing.
            await queued?.committed()
            return outcome
        } catch let refused as Refused {
            return .rateLimited(refused.wait)
        } catch where SQLRepository.isUniqueViolation(error) {
            throw ServiceError.idCollision
        }
    }

    /// Runs a send's or a verify's transaction, and once more when PostgreSQL ended it to resolve a
    /// deadlock (review s9b, K5): nothing of it was committed, and the other transaction has its
    /// locks. A send locks its own network's code row before the room's (``addressCodes``), as a
    /// verify claims it first, so the two from one network don't cross; a guess from elsewhere that
    /// matches a code being resent still can, and is run again rather than answered `unavailable`.
    /// So can a send that takes another network's place (the room's row, then the code it ends)
    /// beside a verify from that network (its code, then the room's row), as the delete before it
    /// could (review s11, V5); the race test covers pairs from one network, where no retry is due.
    /// Each run again is counted (``conflictRetries``).
    func againOnConflict<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as StorageError where error.isConflict {
            conflictRetries.increment()
            return try await body()
        }
    }

    var onPostgres: Bool {
        if case .postgres = database.location { return true }
        return false
    }

    /// A network's failure count and lock at the address (``addressState(appID:email:network:)``),
    /// and on PostgreSQL (`serialized`) first a lock on the address's codes until the transaction
    /// ends (a hash of app and address), in the same statement: two sends from new networks can't
    /// both take the last place. Sends take it; verifies don't (see `attemptCode`).
    /// The state is read as it was when the statement began (before the lock, perhaps), which a
    /// lock check can afford; the steps after the lock read what the requests before left.
    private static func lockedState(appID: String, email: String, network: String, serialized: Bool,
                                    on db: any SQLDatabase) async throws -> AddressState? {
        guard serialized else { return try await db.raw(addressState(appID: appID, email: email, network: network)).first().map(addressState) }
        let row = try await db.raw("""
            SELECT a.failures, a.locked_until FROM (SELECT pg_advisory_xact_lock(hashtext(\(bind: "sign-in-codes|\(appID)|\(email)")))) AS l
            LEFT JOIN sign_in_addresses AS a ON a.app_id = \(bind: appID) AND a.email = \(bind: email) AND a.network = \(bind: network)
            """).first()
        guard let row, try row.decode(column: "failures", as: Int?.self) != nil else { return nil }
        return try addressState(row)
    }

    /// The steps of a send, one statement each, in the caller's transaction.
    private static func requestCode(_ request: CodeRequest, at now: Date, serialized: Bool,
                                    stepByStepOn db: any SQLDatabase) async throws -> CodeRequestOutcome {
        let (code, mail) = (request.code, request.mail)
        let state = try await lockedState(appID: code.appID, email: code.email, network: code.network, serialized: serialized, on: db)
        if let until = state?.lockedUntil, until > now { return .locked(until: until) }
        if let failure = try newestFailure(try await db.raw(reportFailures(appID: code.appID, email: code.email, if: ungated)).all()) {
            return .deliveryFailed(failure)
        }
        let address = try await addressCodes(appID: code.appID, email: code.email, network: code.network, unusedAt: nil,
                                             at: now, lockingOwn: serialized, on: db)
        // A known network, and any network's first send in the hour, skip the address's own caps
        // (KnownNetworks, CodeRoom), the live codes' among them.
        let known = address.requesterKnown
        let exempt = known || CodeRoom.isFirstSend(from: code.network, among: address.codes, at: now)
        let room = exempt ? .free : CodeRoom.find(for: request, among: address.codes, at: now)
        if case .full(let wait) = room { return .rateLimited(wait) }
        // A short code's tries are paid into the address's room, after the limits; past it the code is long (ShortCodeRoom).
        let paid = known ? nil : request.room?.charge(request.attemptsPerCode)
        let charged = try await charge(request.charges + (exempt ? [] : request.addressCharges), then: paid, at: now, chained: serialized, on: db)
        if let refused = charged.refused { throw Refused(wait: try await wait(for: refused, at: now, on: db)) }
        var (issued, message) = (code, mail)
        if let paid, !charged.paid {
            guard let long = request.long else { throw Refused(wait: try await wait(for: paid, at: now, on: db)) }
            (issued, message) = long
        }
        if case .replacing(let other) = room {
            try await db.raw(endCode(appID: code.appID, email: code.email, network: other, at: now)).run()
            try await db.raw(expireQueued(appID: code.appID, email: code.email, network: other, at: now)).run()
        }
        try await store(issued, mail: message, on: db)
        return issued.isLong ? .issuedLong : .issued
    }

    /// The steps of a verify, one statement each, in the caller's transaction.
    private static func attemptCode(_ attempt: CodeAttempt, at now: Date, readCountHolds: Bool, serialized: Bool,
                                    stepByStepOn db: any SQLDatabase) async throws -> CodeAttemptOutcome {
        let (app, email, network) = (attempt.appID, attempt.email, attempt.network)
        // A verify takes no lock on the address: its tries are claimed by atomic updates, and a flood
        // of verifies at one address would otherwise queue on the lock and hold the pool's few
        // connections while they wait, stalling every request that needs the database (review S4).
        let state = try await lockedState(appID: app, email: email, network: network, serialized: false, on: db)
        if let until = state?.lockedUntil, until > now { return .locked(until: until) }
        let address = try await addressCodes(appID: app, email: email, network: network, unusedAt: now, at: now, on: db)
        let charges = attempt.charges + (address.requesterKnown ? [] : attempt.addressCharges)
        let room = address.requesterKnown ? nil : attempt.room
        let failures = readCountHolds ? state?.failures ?? 0 : nil
        // Only live codes of the guess's length are compared (a dead one spends nothing, review S1),
        // its network's own among them only if it has that length.
        let live = address.codes.filter { $0.attempts < attempt.maxAttempts && attempt.compares($0) }
        // Compared with no code: no charge, no try, no failure, no row (review s9b, K4; attack s11, A6).
        guard !live.isEmpty else { return .wrong }
        let others = live.filter { $0.network != network }
        var candidates: [SignInCodeRecord]
        // Its own code first, on its tries alone; others' codes only within the charges (see CodeAttempt.charges),
        // the newest of them only (ComparedCodes).
        if others.count < live.count,
           let own = try await db.raw(claimAttempt(appID: app, email: email, network: network, maxAttempts: attempt.maxAttempts, at: now))
            .first().map(code) {
            if let completion = try await signIn(attempt, among: [own], at: now, failures: failures, chained: serialized, on: db) {
                return .signedIn(completion)
            }
            candidates = ComparedCodes.newest(others, width: attempt.comparedCodes - 1)
            if !candidates.isEmpty {
                // Short codes only while the room holds every comparison (ShortCodeRoom); long ones always.
                let paid = ComparedCodes.roomCharge(for: candidates, in: room)
                // A charge that refuses, or a room that refuses every code left, rolls the charges
                // back, keeping the try (attack s11, A4; s12, B6).
                let roomDecides = paid != nil && !candidates.contains(where: \.isLong)
                try await db.raw("SAVEPOINT guess_charges").run()
                let charged = try await charge(charges, then: paid, at: now, chained: serialized, on: db)
                if charged.refused != nil {
                    candidates = []
                    try await db.raw("ROLLBACK TO SAVEPOINT guess_charges").run()
                } else if paid != nil, !charged.paid {
                    candidates.removeAll { !$0.isLong }
                    if roomDecides { try await db.raw("ROLLBACK TO SAVEPOINT guess_charges").run() }
                }
            }
        } else {
            guard !others.isEmpty else { return .wrong }
            candidates = ComparedCodes.newest(others, width: attempt.comparedCodes)
            let paid = ComparedCodes.roomCharge(for: candidates, in: room)
            let charged = try await charge(charges, then: paid, at: now, chained: serialized, on: db)
            // Refused by a charge: rolled back, the ones before it are not spent either, and a guess
            // the address's cap refuses stores no row for its network (attack s12, B6).
            if let refused = charged.refused { throw Refused(wait: try await wait(for: refused, at: now, on: db)) }
            if let paid, !charged.paid {
                candidates.removeAll { !$0.isLong }
                // Refused by the room with nothing else to compare: rolled back, it spends nothing (attack s11, A4).
                if candidates.isEmpty { throw Refused(wait: try await wait(for: paid, at: now, on: db)) }
            }
        }
        if let completion = try await signIn(attempt, among: candidates, at: now, failures: failures, chained: serialized, on: db) {
            return .signedIn(completion)
        }
        try await db.raw(countFailure(appID: app, email: email, network: network, threshold: attempt.lockoutThreshold,
                                      lockout: attempt.lockout, at: now)).run()
        return .wrong
    }

    /// Signs in with the code among `codes` that matches, if one does and is still unused.
    private static func signIn(_ attempt: CodeAttempt, among codes: [SignInCodeRecord], at now: Date, failures: Int?, chained: Bool,
                               on db: any SQLDatabase) async throws -> SignInCompletion? {
        guard let match = SignInTokens.match(attempt.codeHash, among: codes) else { return nil }
        return try await completeSignIn(codeID: match.id, appID: attempt.appID, email: attempt.email, network: attempt.network,
                                        newUserID: attempt.newUserID, grant: attempt.grant, at: now, failures: failures, chained: chained,
                                        stepByStepOn: db)
    }
}
