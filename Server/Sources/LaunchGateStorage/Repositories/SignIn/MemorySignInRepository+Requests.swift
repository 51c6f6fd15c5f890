import Foundation

extension MemorySignInRepository {
    // An actor method runs whole, so each request is as atomic as the SQL transaction.

    public func requestCode(_ request: CodeRequest, at now: Date) throws -> CodeRequestOutcome {
        let (app, email, network) = (request.code.appID, request.code.email, request.code.network)
        if let until = addressState(appID: app, email: email, network: network).lockedUntil, until > now { return .locked(until: until) }
        if let failure = takeDeliveryFailure(appID: app, email: email) { return .deliveryFailed(failure) }
        // A known network, and any network's first send in the hour, skip the address's own caps
        // (KnownNetworks, CodeRoom), the live codes' among them.
        let codes = Array((codesByAddress[address(app, email)] ?? [:]).values)
        let known = isKnownNetwork(appID: app, email: email, network: network, at: now)
        let exempt = known || CodeRoom.isFirstSend(from: network, among: codes, at: now)
        let room = exempt ? .free : CodeRoom.find(for: request, among: codes, at: now)
        if case .full(let wait) = room { return .rateLimited(wait) }
        let charges = request.charges + (exempt ? [] : request.addressCharges)
        let paid = known ? nil : request.room?.charge(request.attemptsPerCode)
        // A refused send spends nothing (SQL rolls its charges back): not the charges ahead of the
        // one that refused (a resend inside the interval once spent the client's cap, attack s11,
        // A7), nor, for a send that can't take a long code, any charge when the room refuses it
        // (review s9b, K3). The keys differ, so each charge looked at before the ones ahead of it
        // are recorded answers as it would after.
        if let wait = refusal(among: charges, at: now) { return .rateLimited(wait) }
        if request.long == nil, let paid, let wait = refusal(of: paid, at: now) { return .rateLimited(wait) }
        for charge in charges { _ = recordEvent(key: charge.key, rules: charge.rules, at: now) }
        // A short code's tries are paid into the address's room; past it the code is long (ShortCodeRoom).
        var (issued, message) = (request.code, request.mail)
        if let paid, let wait = record(paid, at: now) {
            guard let long = request.long else { return .rateLimited(wait) }
            (issued, message) = long
        }
        if case .replacing(let other) = room {
            // Ended, not deleted: it still dates that network's last send (CodeRoom.replacing).
            if let made = codesByAddress[address(app, email)]?[other]?.createdAt {
                codesByAddress[address(app, email)]?[other]?.expiresAt = made
            }
            expireWaitingMail(appID: app, email: email, network: other, at: now)
        }
        try issueCode(issued, mail: message)
        return issued.isLong ? .issuedLong : .issued
    }

    public func attemptCode(_ attempt: CodeAttempt, newUserEvent: (@Sendable () -> PendingWebhookEvent?)?, at now: Date) async throws -> CodeAttemptOutcome {
        let outcome = try decideAttempt(attempt, at: now)
        // No transaction to share: the event is queued after the sign-in, awaiting another actor
        // meanwhile, and a failed enqueue leaves the sign-in (PendingWebhookEvent; review s14, K5).
        if case .signedIn(let completion) = outcome, completion.isNewUser { try await newUserEvent?()?.enqueue() }
        return outcome
    }

    private func decideAttempt(_ attempt: CodeAttempt, at now: Date) throws -> CodeAttemptOutcome {
        let (app, email, network) = (attempt.appID, attempt.email, attempt.network)
        if let until = addressState(appID: app, email: email, network: network).lockedUntil, until > now { return .locked(until: until) }
        // Only live codes of the guess's length are compared (a dead one spends nothing, review S1),
        // its network's own among them only if it has that length.
        let live = liveCodes(appID: app, email: email, maxAttempts: attempt.maxAttempts, at: now).filter(attempt.compares)
        // Compared with no code: no charge, no try, no failure, nothing stored (review s9b, K4; attack s11, A6).
        guard !live.isEmpty else { return .wrong }
        let others = live.filter { $0.network != network }
        // Its own code first, on its tries alone; others' codes only within the charges (see CodeAttempt.charges),
        // the newest of them only (ComparedCodes).
        let known = isKnownNetwork(appID: app, email: email, network: network, at: now)
        let charges = attempt.charges + (known ? [] : attempt.addressCharges)
        let room = known ? nil : attempt.room
        var candidates: [SignInCodeRecord]
        if others.count < live.count, let own = claimAttempt(appID: app, email: email, network: network, maxAttempts: attempt.maxAttempts, at: now) {
            if let completion = try signIn(attempt, among: [own], known: known, at: now) { return .signedIn(completion) }
            candidates = ComparedCodes.newest(others, width: attempt.comparedCodes - 1)
            let paid = ComparedCodes.roomCharge(for: candidates, in: room)
            if candidates.isEmpty {
                // Its own code was all it could be compared with: nothing to charge.
            } else if !candidates.contains(where: \.isLong), roomAloneRefuses(paid, after: charges, at: now) != nil {
                // Nothing it could be compared with: the charges are not spent (SQL rolls them back; attack s11, A4).
                candidates = []
            } else if refusal(among: charges, at: now) != nil {
                // A charge refuses: none is spent (SQL rolls them back; attack s12, B6).
                candidates = []
            } else {
                for charge in charges { _ = recordEvent(key: charge.key, rules: charge.rules, at: now) }
                // Short codes only while the room holds every comparison (ShortCodeRoom); long ones always.
                if let paid, record(paid, at: now) != nil { candidates.removeAll { !$0.isLong } }
            }
        } else {
            guard !others.isEmpty else { return .wrong }
            candidates = ComparedCodes.newest(others, width: attempt.comparedCodes)
            let paid = ComparedCodes.roomCharge(for: candidates, in: room)
            // Refused by the room with nothing else to compare: it spends nothing (attack s11, A4).
            if !candidates.contains(where: \.isLong), let wait = roomAloneRefuses(paid, after: charges, at: now) { return .rateLimited(wait) }
            // A charge refuses: none is spent (SQL rolls them back; attack s12, B6).
            if let wait = refusal(among: charges, at: now) { return .rateLimited(wait) }
            for charge in charges { _ = recordEvent(key: charge.key, rules: charge.rules, at: now) }
            if let paid, record(paid, at: now) != nil { candidates.removeAll { !$0.isLong } }
        }
        if let completion = try signIn(attempt, among: candidates, known: known, at: now) { return .signedIn(completion) }
        _ = recordFailure(appID: app, email: email, network: network, threshold: attempt.lockoutThreshold, lockout: attempt.lockout, at: now)
        return .wrong
    }

    /// The wait of the first of `charges` that would refuse, in order, or `nil` when all would pass.
    func refusal(among charges: [RateLimitCharge], at now: Date) -> TimeInterval? {
        // The keys differ, so a charge looked at before the ones ahead of it are recorded answers as it would after.
        charges.lazy.compactMap { self.refusal(of: $0, at: now) }.first
    }

    /// The room's wait when it alone would refuse `paid`, every one of `charges` passing: then SQL
    /// rolls back what the charges recorded, and so nothing is recorded here. When a charge would
    /// refuse, it is the one that refuses, after the charges before it, on both.
    private func roomAloneRefuses(_ paid: RateLimitCharge?, after charges: [RateLimitCharge], at now: Date) -> TimeInterval? {
        // The keys differ, so a charge looked at before the ones ahead of it are recorded answers as it would after.
        guard let paid, let wait = refusal(of: paid, at: now), !charges.contains(where: { refusal(of: $0, at: now) != nil }) else { return nil }
        return wait
    }

    /// Signs in with the code among `codes` that matches, if one does and is still unused.
    private func signIn(_ attempt: CodeAttempt, among codes: [SignInCodeRecord], known: Bool, at now: Date) throws -> SignInCompletion? {
        // What the room bounds, counted where the comparing happens, so a test can hold the room's count to it.
        if !known, codes.contains(where: { !$0.isLong }) {
            let key = address(attempt.appID, attempt.email)
            shortComparisons[key] = (shortComparisons[key] ?? []).filter { now.timeIntervalSince($0) < 3600 }
                + codes.filter { !$0.isLong }.map { _ in now }
        }
        guard let match = SignInTokens.match(attempt.codeHash, among: codes) else { return nil }
        return try completeSignIn(codeID: match.id, appID: attempt.appID, email: attempt.email, network: attempt.network,
                                  newUserID: attempt.newUserID, grant: attempt.grant, at: now)
    }
}
