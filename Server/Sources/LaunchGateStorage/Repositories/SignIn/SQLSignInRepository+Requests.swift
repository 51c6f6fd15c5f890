import Foundation
import SQLKit

/// Send-code and verify-code, each one transaction on both engines (``SQLSignInRepository+Steps``
/// has the statements). On SQLite the transaction takes the write lock once, so every step reads
/// what the one before left. On PostgreSQL each step that decides is a conditional statement
/// that re-checks its row (a claim, a charge, a consume), and a send first takes a lock on its
/// address for the transaction, so two sends from new networks can't both take the last place.
extension SQLSignInRepository {
    public func requestCode(_ request: CodeRequest, at now: Date) async throws -> CodeRequestOutcome {
        let serialized = onPostgres
        do {
            return try await database.transaction(.relaxed) { db in
                if serialized { try await db.raw(Self.lockAddress(appID: request.code.appID, email: request.code.email)).run() }
                return try await Self.requestCode(request, at: now, stepByStepOn: db)
            }
        } catch where SQLRepository.isUniqueViolation(error) {
            throw ServiceError.idCollision
        }
    }

    public func attemptCode(_ attempt: CodeAttempt, at now: Date) async throws -> CodeAttemptOutcome {
        // SQLite's write lock keeps the failure count read in the transaction current; on PostgreSQL
        // another verify may have counted one meanwhile, so a success always clears it.
        let readCountHolds = !onPostgres
        do {
            return try await database.transaction(.relaxed) { db in
                try await Self.attemptCode(attempt, at: now, readCountHolds: readCountHolds, stepByStepOn: db)
            }
        } catch where SQLRepository.isUniqueViolation(error) {
            throw ServiceError.idCollision
        }
    }

    private var onPostgres: Bool {
        if case .postgres = database.location { return true }
        return false
    }

    /// PostgreSQL's lock on an address's codes until the transaction ends (a hash of app and address).
    private static func lockAddress(appID: String, email: String) -> SQLQueryString {
        "SELECT pg_advisory_xact_lock(hashtext(\(bind: "sign-in-codes|\(appID)|\(email)")))"
    }

    /// The steps of a send, one statement each, in the caller's transaction.
    private static func requestCode(_ request: CodeRequest, at now: Date, stepByStepOn db: any SQLDatabase) async throws -> CodeRequestOutcome {
        let (code, mail) = (request.code, request.mail)
        let state = try await db.raw(addressState(appID: code.appID, email: code.email, network: code.network)).first().map(addressState)
        if let until = state?.lockedUntil, until > now { return .locked(until: until) }
        if let failure = try newestFailure(try await db.raw(reportFailures(appID: code.appID, email: code.email, if: ungated)).all()) {
            return .deliveryFailed(failure)
        }
        let stored = try await db.raw(codes(appID: code.appID, email: code.email)).all().map(Self.code)
        let room = CodeRoom.find(for: request, among: stored, at: now)
        if case .full(let wait) = room { return .rateLimited(wait) }
        for charge in request.charges {
            if try await db.raw(Self.charge(charge, at: now)).first() == nil { return .rateLimited(try await wait(for: charge, at: now, on: db)) }
        }
        if case .replacing(let other) = room {
            try await db.raw(deleteCode(appID: code.appID, email: code.email, network: other)).run()
            try await db.raw(expireQueued(appID: code.appID, email: code.email, network: other, at: now)).run()
        }
        try await store(code, mail: mail, on: db)
        return .issued
    }

    /// The steps of a verify, one statement each, in the caller's transaction.
    private static func attemptCode(_ attempt: CodeAttempt, at now: Date, readCountHolds: Bool,
                                    stepByStepOn db: any SQLDatabase) async throws -> CodeAttemptOutcome {
        let (app, email, network) = (attempt.appID, attempt.email, attempt.network)
        let state = try await db.raw(addressState(appID: app, email: email, network: network)).first().map(addressState)
        if let until = state?.lockedUntil, until > now { return .locked(until: until) }
        // Nothing to guess: no charge, no failure, no row (see CodeAttempt.charges). A code out of
        // tries still counts a failure, as before; only codes with tries left can match.
        let unused = try await db.raw(unusedCodes(appID: app, email: email, at: now)).all().map(code)
        guard !unused.isEmpty else { return .wrong }
        let live = unused.filter { $0.attempts < attempt.maxAttempts }
        let failures = readCountHolds ? state?.failures ?? 0 : nil
        // Its own code first, on its tries alone; others' codes only within the charges (see CodeAttempt.charges).
        var candidates = live
        if let own = try await db.raw(claimAttempt(appID: app, email: email, network: network, maxAttempts: attempt.maxAttempts, at: now))
            .first().map(code) {
            if let completion = try await signIn(attempt, among: [own], at: now, failures: failures, on: db) { return .signedIn(completion) }
            candidates = live.filter { $0.network != network }
            if !candidates.isEmpty {
                for charge in attempt.charges {
                    if try await db.raw(Self.charge(charge, at: now)).first() == nil {
                        candidates = []
                        break
                    }
                }
            }
        } else {
            for charge in attempt.charges {
                if try await db.raw(Self.charge(charge, at: now)).first() == nil { return .rateLimited(try await wait(for: charge, at: now, on: db)) }
            }
        }
        if let completion = try await signIn(attempt, among: candidates, at: now, failures: failures, on: db) { return .signedIn(completion) }
        try await db.raw(countFailure(appID: app, email: email, network: network, threshold: attempt.lockoutThreshold,
                                      lockout: attempt.lockout, at: now)).run()
        return .wrong
    }

    /// Signs in with the code among `codes` that matches, if one does and is still unused.
    private static func signIn(_ attempt: CodeAttempt, among codes: [SignInCodeRecord], at now: Date, failures: Int?,
                               on db: any SQLDatabase) async throws -> SignInCompletion? {
        guard let match = SignInTokens.match(attempt.codeHash, among: codes) else { return nil }
        return try await completeSignIn(codeID: match.id, appID: attempt.appID, email: attempt.email, network: attempt.network,
                                        newUserID: attempt.newUserID, grant: attempt.grant, at: now, failures: failures, stepByStepOn: db)
    }
}
