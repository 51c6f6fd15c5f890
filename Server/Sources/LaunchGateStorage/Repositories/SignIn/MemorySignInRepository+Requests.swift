import Foundation

extension MemorySignInRepository {
    // An actor method runs whole, so each request is as atomic as the SQL transaction.

    public func requestCode(_ request: CodeRequest, at now: Date) throws -> CodeRequestOutcome {
        let (app, email) = (request.code.appID, request.code.email)
        if let until = addressState(appID: app, email: email).lockedUntil, until > now { return .locked(until: until) }
        if let failure = takeDeliveryFailure(appID: app, email: email) { return .deliveryFailed(failure) }
        for charge in request.charges {
            if let wait = recordEvent(key: charge.key, rules: charge.rules, at: now) { return .rateLimited(wait) }
        }
        try issueCode(request.code, mail: request.mail)
        return .issued
    }

    public func attemptCode(_ attempt: CodeAttempt, at now: Date) throws -> CodeAttemptOutcome {
        let (app, email) = (attempt.appID, attempt.email)
        if let until = addressState(appID: app, email: email).lockedUntil, until > now { return .locked(until: until) }
        // Nothing to guess: no charge, no failure, nothing stored (see CodeAttempt.charges).
        guard let code = codesByAddress[address(app, email)], code.consumedAt == nil, now < code.expiresAt else { return .wrong }
        for charge in attempt.charges {
            if let wait = recordEvent(key: charge.key, rules: charge.rules, at: now) { return .rateLimited(wait) }
        }
        if let claimed = claimAttempt(appID: app, email: email, maxAttempts: attempt.maxAttempts, at: now),
           SignInTokens.constantTimeEquals(attempt.codeHash, claimed.codeHash),
           let completion = try completeSignIn(codeID: claimed.id, appID: app, email: email, newUserID: attempt.newUserID,
                                               grant: attempt.grant, at: now) {
            return .signedIn(completion)
        }
        _ = recordFailure(appID: app, email: email, threshold: attempt.lockoutThreshold, lockout: attempt.lockout, at: now)
        return .wrong
    }
}
