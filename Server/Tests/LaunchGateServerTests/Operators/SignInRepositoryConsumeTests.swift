import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// ``SignInRepository/consumeCode(id:appID:email:at:)`` on memory, SQLite and PostgreSQL.
@Suite("Consuming a code without a sign-in: once, only the address's current unexpired code, and it clears the failure count")
struct SignInRepositoryConsumeTests {
    private func code(_ id: String, expiresIn: TimeInterval = 600) -> (SignInCodeRecord, OutboxMessage) {
        let code = SignInCodeRecord(id: id, appID: "notes", email: "ada@example.com", codeHash: "h", createdAt: Samples.now,
                                    expiresAt: Samples.now.addingTimeInterval(expiresIn))
        let mail = OutboxMessage(id: "msg_\(id)", appID: "notes", email: "ada@example.com", sealedCode: nil,
                                 codeExpiresAt: code.expiresAt, nextAttemptAt: Samples.now, createdAt: Samples.now)
        return (code, mail)
    }

    @Test("the current code is consumed once; a replaced, unknown or expired one is not", arguments: TestBackend.available)
    func once(_ backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        let repository = fixture.components.signInRepository
        let (first, firstMail) = code("c1")
        try await repository.issueCode(first, mail: firstMail)
        let (second, secondMail) = code("c2")
        try await repository.issueCode(second, mail: secondMail)
        #expect(try await repository.consumeCode(id: "c1", appID: "notes", email: "ada@example.com", at: Samples.now) == false)
        #expect(try await repository.consumeCode(id: "c2", appID: "todo", email: "ada@example.com", at: Samples.now) == false)
        #expect(try await repository.consumeCode(id: "c2", appID: "notes", email: "ada@example.com", at: Samples.now.addingTimeInterval(600)) == false)
        #expect(try await repository.consumeCode(id: "c2", appID: "notes", email: "ada@example.com", at: Samples.now))
        #expect(try await repository.consumeCode(id: "c2", appID: "notes", email: "ada@example.com", at: Samples.now) == false)
        #expect(try await repository.claimAttempt(appID: "notes", email: "ada@example.com", maxAttempts: 5, at: Samples.now) == nil,
                "a consumed code can't be tried")
        await fixture.close()
    }

    @Test("consuming clears the address's failures in a row", arguments: TestBackend.available)
    func clearsFailures(_ backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        let repository = fixture.components.signInRepository
        _ = try await repository.recordFailure(appID: "notes", email: "ada@example.com", threshold: 10, lockout: 60, at: Samples.now)
        let (record, mail) = code("c1")
        try await repository.issueCode(record, mail: mail)
        #expect(try await repository.consumeCode(id: "c1", appID: "notes", email: "ada@example.com", at: Samples.now))
        #expect(try await repository.addressState(appID: "notes", email: "ada@example.com").failures == 0)
        await fixture.close()
    }
}
