import Foundation
import SQLKit

extension SQLSignInRepository {
    public func requestCode(_ request: CodeRequest, at now: Date) async throws -> CodeRequestOutcome {
        let (app, email) = (request.code.appID, request.code.email)
        do {
            return try await database.transaction(.relaxed) { db in
                if let until = try await Self.addressState(appID: app, email: email, on: db)?.lockedUntil, until > now {
                    return .locked(until: until)
                }
                if let failure = try await Self.takeDeliveryFailure(appID: app, email: email, on: db) { return .deliveryFailed(failure) }
                for charge in request.charges {
                    if let wait = try await Self.charge(charge, at: now, on: db) { return .rateLimited(wait) }
                }
                try await Self.insert(request.code, mail: request.mail, on: db)
                return .issued
            }
        } catch where SQLRepository.isUniqueViolation(error) {
            throw ServiceError.idCollision
        }
    }

    public func attemptCode(_ attempt: CodeAttempt, at now: Date) async throws -> CodeAttemptOutcome {
        let (app, email) = (attempt.appID, attempt.email)
        do {
            return try await database.transaction(.relaxed) { db in
                let state = try await Self.addressState(appID: app, email: email, on: db)
                if let until = state?.lockedUntil, until > now { return .locked(until: until) }
                for charge in attempt.charges {
                    if let wait = try await Self.charge(charge, at: now, on: db) { return .rateLimited(wait) }
                }
                if let claimed = try await Self.claimAttempt(appID: app, email: email, maxAttempts: attempt.maxAttempts, at: now, on: db),
                   SignInTokens.constantTimeEquals(attempt.codeHash, claimed.codeHash),
                   let completion = try await Self.completeSignIn(codeID: claimed.id, appID: app, email: email, newUserID: attempt.newUserID,
                                                                  grant: attempt.grant, at: now,
                                                                  // On PostgreSQL another verify may have counted a failure since the
                                                                  // read (READ COMMITTED); SQLite's write lock has kept it current.
                                                                  failures: db.dialect.name == "sqlite" ? state?.failures ?? 0 : nil, on: db) {
                    return .signedIn(completion)
                }
                _ = try await Self.recordFailure(appID: app, email: email, threshold: attempt.lockoutThreshold, lockout: attempt.lockout,
                                                 at: now, on: db)
                return .wrong
            }
        } catch where SQLRepository.isUniqueViolation(error) {
            throw ServiceError.idCollision
        }
    }
}
