import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The failure budget used to be checked, then spent after the token was looked up: parallel
/// guesses all passed the check before any of them failed, and tried 12 to 52 tokens on a budget
/// of 10. Now each attempt reserves a unit first.
@Suite("Admin authentication reserves the failure budget before looking a token up, so parallel guesses stay within it")
struct AdminAuthenticatorRaceTests {
    private func authenticator(burst: Int, repository: any LaunchGateRepository = MemoryRepository()) -> (AdminAuthenticator, AdminTokens) {
        let tokens = AdminTokens(repository: repository, now: { Samples.now })
        return (AdminAuthenticator(tokens: tokens, failures: RateLimiter(capacity: burst, perSecond: 0.0001),
                                   clients: ClientAddressResolver()), tokens)
    }

    private enum Outcome: Sendable { case unauthenticated, limited, authorized, other }

    private func attempt(_ authenticator: AdminAuthenticator, _ token: String, peer: String = "192.0.2.1") async -> Outcome {
        do {
            _ = try await authenticator.authorize(token: token, peer: peer, forwardedFor: [], scope: .read)
            return .authorized
        } catch let error as AuthError where error.kind == .unauthenticated {
            return .unauthenticated
        } catch let error as AuthError where error.kind == .rateLimited {
            return .limited
        } catch {
            return .other
        }
    }

    // MARK: Tests

    // On a database each lookup really waits for I/O, so the parallel attempts interleave the way
    // they do in a server (on memory they mostly run one after another).
    @Test("60 parallel wrong tokens from one client: exactly the budget of 10 are looked up, the rest are refused unseen",
          arguments: TestBackend.available)
    func parallelGuesses(_ backend: TestBackend) async throws {
        try await backend.withRepository { repository, _ in
            let (authenticator, _) = authenticator(burst: 10, repository: repository)
            let outcomes = await withTaskGroup(of: Outcome.self) { group in
                for index in 0..<60 {
                    group.addTask {
                        await attempt(authenticator, "lgt_\(String(format: "%012d", index))_" + String(repeating: "0", count: 64))
                    }
                }
                return await group.reduce(into: [Outcome]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == .unauthenticated }.count == 10)
            #expect(outcomes.filter { $0 == .limited }.count == 50)
        }
    }

    @Test("valid tokens give their reservation back: many in a row and in parallel never use up a small budget")
    func validTokensRefund() async throws {
        let (authenticator, tokens) = authenticator(burst: 2)
        let (_, token) = try await tokens.create(name: "ci", scope: .publish)
        for _ in 0..<20 { #expect(await attempt(authenticator, token) == .authorized) }
        let outcomes = await withTaskGroup(of: Outcome.self) { group in
            for _ in 0..<2 { group.addTask { await attempt(authenticator, token) } }
            return await group.reduce(into: [Outcome]()) { $0.append($1) }
        }
        #expect(outcomes == [.authorized, .authorized])
        #expect(await attempt(authenticator, "lgt_wrong") == .unauthenticated, "the budget is still whole")
        #expect(await attempt(authenticator, "lgt_wrong") == .unauthenticated)
        #expect(await attempt(authenticator, "lgt_wrong") == .limited)
    }
}
