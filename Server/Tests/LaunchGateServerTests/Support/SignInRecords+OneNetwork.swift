import Foundation
@testable import LaunchGateStorage

// The storage tests' codes, attempts and mail of the one network `""`, for tests of what holds per
// address whatever the network. The public inits name the network with no default, so that
// production code can't forget it and put every code of an address in one network again.

extension CodeAttempt {
    init(appID: String, email: String, codeHash: String, charges: [RateLimitCharge], maxAttempts: Int,
         lockoutThreshold: Int, lockout: TimeInterval, newUserID: String, grant: SessionGrant) {
        self.init(appID: appID, email: email, network: "", codeHash: codeHash, charges: charges, maxAttempts: maxAttempts,
                  lockoutThreshold: lockoutThreshold, lockout: lockout, newUserID: newUserID, grant: grant)
    }
}

extension SignInCodeRecord {
    init(id: String, appID: String, email: String, codeHash: String, attempts: Int = 0, createdAt: Date, expiresAt: Date,
         consumedAt: Date? = nil) {
        self.init(id: id, appID: appID, email: email, network: "", codeHash: codeHash, attempts: attempts, createdAt: createdAt,
                  expiresAt: expiresAt, consumedAt: consumedAt)
    }
}

extension OutboxMessage {
    init(id: String, appID: String, email: String, sealedCode: String?, codeExpiresAt: Date, state: State = .pending,
         attempts: Int = 0, nextAttemptAt: Date, lastError: String? = nil, createdAt: Date, finishedAt: Date? = nil,
         failureReported: Bool = false) {
        self.init(id: id, appID: appID, email: email, network: "", sealedCode: sealedCode, codeExpiresAt: codeExpiresAt, state: state,
                  attempts: attempts, nextAttemptAt: nextAttemptAt, lastError: lastError, createdAt: createdAt, finishedAt: finishedAt,
                  failureReported: failureReported)
    }
}
