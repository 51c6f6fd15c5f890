import Foundation
@testable import LaunchGateStorage

/// The repository's per-network calls for the one network `""`, the network of every code and
/// attempt the storage tests make without naming one (the tests' inits of ``SignInCodeRecord``
/// and ``CodeAttempt`` in `SignInRecords+OneNetwork.swift`): tests of what holds per address, whatever the network, read shorter.
extension SignInRepository {
    func claimAttempt(appID: String, email: String, maxAttempts: Int, at now: Date) async throws -> SignInCodeRecord? {
        try await claimAttempt(appID: appID, email: email, network: "", maxAttempts: maxAttempts, at: now)
    }

    func completeSignIn(codeID: String, appID: String, email: String, newUserID: String, grant: SessionGrant,
                        at now: Date) async throws -> SignInCompletion? {
        try await completeSignIn(codeID: codeID, appID: appID, email: email, network: "", newUserID: newUserID, grant: grant, at: now)
    }

    func consumeCode(id: String, appID: String, email: String, at now: Date) async throws -> Bool {
        try await consumeCode(id: id, appID: appID, email: email, network: "", at: now)
    }

    func addressState(appID: String, email: String) async throws -> AddressState {
        try await addressState(appID: appID, email: email, network: "")
    }

    func recordFailure(appID: String, email: String, threshold: Int, lockout: TimeInterval, at now: Date) async throws -> AddressState {
        try await recordFailure(appID: appID, email: email, network: "", threshold: threshold, lockout: lockout, at: now)
    }
}
