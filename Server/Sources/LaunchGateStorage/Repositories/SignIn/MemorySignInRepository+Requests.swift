import Foundation

extension MemorySignInRepository {
    // An actor method runs whole, so each request is as atomic as the SQL transaction.

    public func requestCode(_ request: CodeRequest, at now: Date) throws -> CodeRequestOutcome {
        let (app, email, network) = (request.code.appID, request.code.email, request.code.network)
        if let until = addressState(appID: app, email: email, network: network).lockedUntil, until > now { return .locked(until: until) }
        if let failure = takeDeliveryFailure(appID: app, email: email) { return .deliveryFailed(failure) }
        let room = CodeRoom.find(for: request, among: Array((codesByAddress[address(app, email)] ?? [:]).values), at: now)
        if case .full(let wait) = room { return .rateLimited(wait) }
        for charge in request.charges {
            if let wait = recordEvent(key: charge.key, rules: charge.rules, at: now) { return .rateLimited(wait) }
        }
        if case .replacing(let other) = room {
            codesByAddress[address(app, email)]?[other] = nil
            expireWaitingMail(appID: app, email: email, network: other, at: now)
        }
        try issueCode(request.code, mail: request.mail)
        return .issued
    }

    public func attemptCode(_ attempt: CodeAttempt, at now: Date) throws -> CodeAttemptOutcome {
        let (app, email, network) = (attempt.appID, attempt.email, attempt.network)
        if let until = addressState(appID: app, email: email, network: network).lockedUntil, until > now { return .locked(until: until) }
        // Nothing to guess: no charge, no failure, nothing stored (see CodeAttempt.charges).
        let unused = (codesByAddress[address(app, email)] ?? [:]).values.filter { $0.consumedAt == nil && now < $0.expiresAt }
        guard !unused.isEmpty else { return .wrong }
        var live = liveCodes(appID: app, email: email, maxAttempts: attempt.maxAttempts, at: now)
        if let own = claimAttempt(appID: app, email: email, network: network, maxAttempts: attempt.maxAttempts, at: now) {
            live = live.map { $0.network == network ? own : $0 }
        } else {
            for charge in attempt.charges {
                if let wait = recordEvent(key: charge.key, rules: charge.rules, at: now) { return .rateLimited(wait) }
            }
        }
        if let match = SignInTokens.match(attempt.codeHash, among: live),
           let completion = try completeSignIn(codeID: match.id, appID: app, email: email, network: network, newUserID: attempt.newUserID,
                                               grant: attempt.grant, at: now) {
            return .signedIn(completion)
        }
        _ = recordFailure(appID: app, email: email, network: network, threshold: attempt.lockoutThreshold, lockout: attempt.lockout, at: now)
        return .wrong
    }
}
