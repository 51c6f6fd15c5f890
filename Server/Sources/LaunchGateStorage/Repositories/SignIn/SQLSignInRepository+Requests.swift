import Foundation
import SQLKit

/// Send-code and verify-code. On PostgreSQL each is one round trip (a verify whose code is tried
/// takes a second, to sign in or count the failure; a refused limit's wait takes one more), its
/// steps chained as data-modifying CTEs (``SQLSignInRepository+Steps``). On SQLite each is one
/// transaction, which takes the write lock once, and the same statements run one by one in it.
extension SQLSignInRepository {
    public func requestCode(_ request: CodeRequest, at now: Date) async throws -> CodeRequestOutcome {
        do {
            guard case .postgres = database.location else {
                return try await database.transaction(.relaxed) { db in try await Self.requestCode(request, at: now, stepByStepOn: db) }
            }
            return try await requestCodeInOneStatement(request, at: now)
        } catch where SQLRepository.isUniqueViolation(error) {
            throw ServiceError.idCollision
        }
    }

    public func attemptCode(_ attempt: CodeAttempt, at now: Date) async throws -> CodeAttemptOutcome {
        do {
            guard case .postgres = database.location else {
                return try await database.transaction(.relaxed) { db in try await Self.attemptCode(attempt, at: now, stepByStepOn: db) }
            }
            return try await attemptCodeInTwoStatements(attempt, at: now)
        } catch where SQLRepository.isUniqueViolation(error) {
            throw ServiceError.idCollision
        }
    }

    // MARK: PostgreSQL

    /// The lock, a failed delivery to report, each limit in order, then the code and its mail,
    /// each CTE running only when the ones before let it; what came before a refusal is kept.
    private func requestCodeInOneStatement(_ request: CodeRequest, at now: Date) async throws -> CodeRequestOutcome {
        let (code, mail) = (request.code, request.mail)
        let unlocked: SQLQueryString = "NOT EXISTS (SELECT 1 FROM locked)"
        var statement: SQLQueryString = """
            WITH locked AS (\(Self.lockedUntil(appID: code.appID, email: code.email, at: now))),
            reported AS (\(Self.reportFailures(appID: code.appID, email: code.email, if: unlocked))),

            """
        let (gate, charged) = Self.chain(request.charges, at: now, after: "\(unlocked) AND NOT EXISTS (SELECT 1 FROM reported)", into: &statement)
        let issued: SQLQueryString = "EXISTS (SELECT 1 FROM issued)"
        statement += """
            issued AS (\(Self.storeCode(code, if: gate))),
            expired AS (\(Self.expireQueued(for: code, if: issued))),
            queued AS (\(Self.queue(mail, if: issued)))
            SELECT (SELECT locked_until FROM locked) AS locked_until, (SELECT count(*) FROM reported) AS failures,
              (SELECT last_error FROM reported ORDER BY COALESCE(finished_at, 0) DESC, id COLLATE "C" DESC LIMIT 1) AS last_error,
              \(charged) AS charged
            """
        let send = statement
        let row = try await database.read { try await $0.raw(send).first() }
        guard let row else { throw StorageError.corrupt("a send-code statement answered no row") }
        if let until = try row.decode(column: "locked_until", as: Int64?.self) { return .locked(until: Date(milliseconds: until)) }
        if try row.decode(column: "failures", as: Int.self) > 0 {
            return .deliveryFailed(try row.decode(column: "last_error", as: String?.self) ?? OutboxMessage.unknownFailure)
        }
        if let refused = try Self.refusedCharge(request.charges, charged: row) {
            return .rateLimited(try await database.read { try await Self.wait(for: refused, at: now, on: $0) })
        }
        return .issued
    }

    /// The lock, whether a code is live, each limit in order and a try of the code, in one
    /// statement (the limits and the try only when a code is live); then, with the try
    /// claimed, the sign-in (``completeSignIn(codeID:appID:email:newUserID:grant:at:)``) or the
    /// failure, in a second. Each is atomic on its own, as the claim is what a verify spends.
    private func attemptCodeInTwoStatements(_ attempt: CodeAttempt, at now: Date) async throws -> CodeAttemptOutcome {
        let (app, email) = (attempt.appID, attempt.email)
        var statement: SQLQueryString = """
            WITH locked AS (\(Self.lockedUntil(appID: app, email: email, at: now))),
            live AS (\(Self.liveCode(appID: app, email: email, at: now))),

            """
        let (gate, charged) = Self.chain(attempt.charges, at: now, after: "NOT EXISTS (SELECT 1 FROM locked) AND EXISTS (SELECT 1 FROM live)",
                                         into: &statement)
        statement += """
            claimed AS (\(Self.claimAttempt(appID: app, email: email, maxAttempts: attempt.maxAttempts, at: now, if: gate)))
            SELECT (SELECT locked_until FROM locked) AS locked_until, EXISTS (SELECT 1 FROM live) AS live, \(charged) AS charged,
              (SELECT id FROM claimed) AS code_id, (SELECT code_hash FROM claimed) AS code_hash
            """
        let verify = statement
        let row = try await database.read { try await $0.raw(verify).first() }
        guard let row else { throw StorageError.corrupt("a verify-code statement answered no row") }
        if let until = try row.decode(column: "locked_until", as: Int64?.self) { return .locked(until: Date(milliseconds: until)) }
        // Nothing to guess: nothing was charged, and no failure is counted (see CodeAttempt.charges).
        guard try row.decode(column: "live", as: Bool.self) else { return .wrong }
        if let refused = try Self.refusedCharge(attempt.charges, charged: row) {
            return .rateLimited(try await database.read { try await Self.wait(for: refused, at: now, on: $0) })
        }
        if let id = try row.decode(column: "code_id", as: String?.self), let hash = try row.decode(column: "code_hash", as: String?.self),
           SignInTokens.constantTimeEquals(attempt.codeHash, hash),
           let completion = try await completeSignIn(codeID: id, appID: app, email: email, newUserID: attempt.newUserID, grant: attempt.grant, at: now) {
            return .signedIn(completion)
        }
        let failure = Self.countFailure(appID: app, email: email, threshold: attempt.lockoutThreshold, lockout: attempt.lockout, at: now)
        try await database.read { try await $0.raw(failure).run() }
        return .wrong
    }

    /// Appends a CTE per charge to `statement`, each gated on the one before and the first on `gate`.
    /// - Returns: The gate after the last, and an expression counting the charges that recorded their event.
    private static func chain(_ charges: [RateLimitCharge], at now: Date, after gate: SQLQueryString,
                              into statement: inout SQLQueryString) -> (gate: SQLQueryString, charged: SQLQueryString) {
        var gate = gate
        var counts: [SQLQueryString] = []
        for (index, charge) in charges.enumerated() {
            let name = "charge\(index)"
            statement += "\(ident: name) AS (\(Self.charge(charge, at: now, if: gate))),\n"
            gate = "EXISTS (SELECT 1 FROM \(ident: name))"
            counts.append("(SELECT count(*) FROM \(ident: name))")
        }
        return (gate, counts.isEmpty ? "0" : counts.joined(separator: " + "))
    }

    /// The charge that refused, from the `charged` count of a chained statement, or `nil` when all recorded.
    private static func refusedCharge(_ charges: [RateLimitCharge], charged row: any SQLRow) throws -> RateLimitCharge? {
        let recorded = try row.decode(column: "charged", as: Int.self)
        return recorded < charges.count ? charges[recorded] : nil
    }

    // MARK: SQLite

    /// The steps of a send, one statement each, in the caller's transaction.
    private static func requestCode(_ request: CodeRequest, at now: Date, stepByStepOn db: any SQLDatabase) async throws -> CodeRequestOutcome {
        let (code, mail) = (request.code, request.mail)
        let state = try await db.raw(addressState(appID: code.appID, email: code.email)).first().map(addressState)
        if let until = state?.lockedUntil, until > now { return .locked(until: until) }
        if let failure = try newestFailure(try await db.raw(reportFailures(appID: code.appID, email: code.email, if: ungated)).all()) {
            return .deliveryFailed(failure)
        }
        for charge in request.charges {
            if try await db.raw(Self.charge(charge, at: now)).first() == nil { return .rateLimited(try await wait(for: charge, at: now, on: db)) }
        }
        try await db.raw(storeCode(code, if: ungated)).run()
        try await db.raw(expireQueued(for: code, if: ungated)).run()
        try await db.raw(queue(mail, if: ungated)).run()
        return .issued
    }

    /// The steps of a verify, one statement each, in the caller's transaction.
    private static func attemptCode(_ attempt: CodeAttempt, at now: Date, stepByStepOn db: any SQLDatabase) async throws -> CodeAttemptOutcome {
        let (app, email) = (attempt.appID, attempt.email)
        let state = try await db.raw(addressState(appID: app, email: email)).first().map(addressState)
        if let until = state?.lockedUntil, until > now { return .locked(until: until) }
        // Nothing to guess: no charge, no failure, no row (see CodeAttempt.charges).
        guard try await db.raw(liveCode(appID: app, email: email, at: now)).first() != nil else { return .wrong }
        for charge in attempt.charges {
            if try await db.raw(Self.charge(charge, at: now)).first() == nil { return .rateLimited(try await wait(for: charge, at: now, on: db)) }
        }
        let claim = claimAttempt(appID: app, email: email, maxAttempts: attempt.maxAttempts, at: now, if: ungated)
        if let claimed = try await db.raw(claim).first().map(code), SignInTokens.constantTimeEquals(attempt.codeHash, claimed.codeHash),
           // The write lock has kept the failure count read above current: no count to clear, no statement.
           let completion = try await completeSignIn(codeID: claimed.id, appID: app, email: email, newUserID: attempt.newUserID,
                                                     grant: attempt.grant, at: now, failures: state?.failures ?? 0, stepByStepOn: db) {
            return .signedIn(completion)
        }
        try await db.raw(countFailure(appID: app, email: email, threshold: attempt.lockoutThreshold, lockout: attempt.lockout, at: now)).run()
        return .wrong
    }
}
