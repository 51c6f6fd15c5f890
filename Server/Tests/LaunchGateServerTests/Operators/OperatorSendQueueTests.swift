import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Operator storage whose lookups by address after the first wait at a gate: the first is the
/// one every send makes before its answer, the next the queued work's check before making a code.
private final class GatedOperators: OperatorRepository, @unchecked Sendable {
    let base: any OperatorRepository
    let gate: TestGate
    private let lock = NSLock()
    private var lookups = 0

    init(base: any OperatorRepository, gate: TestGate) {
        self.base = base
        self.gate = gate
    }

    func add(_ record: OperatorRecord) async throws -> Bool { try await base.add(record) }
    func find(email: String) async throws -> OperatorRecord? {
        let count = lock.withLock { () -> Int in
            lookups += 1
            return lookups
        }
        if count > 1 { await gate.wait() }
        return try await base.find(email: email)
    }
    func find(id: String) async throws -> OperatorRecord? { try await base.find(id: id) }
    func list(limit: Int) async throws -> [OperatorRecord] { try await base.list(limit: limit) }
    func remove(email: String, at now: Date) async throws -> Bool { try await base.remove(email: email, at: now) }
}

@Suite("Operators' code requests: the same work before the answer for every address, the rest bounded after it")
struct OperatorSendQueueTests {
    private let client = "192.0.2.9"

    /// A flow for ada@example.com (an operator) whose operator lookups wait at `gate`.
    private func gatedFlow(_ fixture: SignInFixture, _ gate: TestGate) async throws -> OperatorSignIn {
        _ = try await fixture.components.operators.add(email: "ada@example.com", scope: .publish)
        return OperatorSignIn(operators: GatedOperators(base: fixture.components.operators.repository, gate: gate), signIn: fixture.components.signIn)
    }

    private func mails(_ fixture: SignInFixture, _ flow: OperatorSignIn) async throws -> Int {
        await flow.sends.idle()
        return try await fixture.components.signInRepository.outboxStatus().counts.values.reduce(0, +)
    }

    private func dropped() -> Double {
        metricValue(String(decoding: metricsRegistry.emitToBuffer(), as: UTF8.self), "launchgate_console_code_sends_dropped_total")
    }

    /// Whether `work` finished within `seconds`; then `gate` opens, so work held at it ends too.
    private func finishes(within seconds: Int, releasing gate: TestGate, _ work: @escaping @Sendable () async throws -> Void) async throws -> Bool {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask { try await work(); return true }
            group.addTask { try await Task.sleep(for: .seconds(seconds)); return false }
            let first = try await group.next() ?? false
            gate.open()
            group.cancelAll()
            return first
        }
    }

    // MARK: Tests

    @Test("a send to an operator answers before its code is made; the code and its mail follow on the queue")
    func answerBeforeCode() async throws {
        let fixture = try await SignInFixture.make()
        let gate = TestGate()
        let flow = try await gatedFlow(fixture, gate)
        let answered = try await finishes(within: 5, releasing: gate) { _ = try await flow.sendCode(email: "ada@example.com", client: client) }
        #expect(answered, "the answer waited for the code to be made")
        #expect(try await mails(fixture, flow) == 1)
        await fixture.close()
    }

    @Test("with the queue full a send to an operator answers the same, queues nothing, counts the drop and still charges the limits")
    func fullQueue() async throws {
        let fixture = try await SignInFixture.make(configuration: SignInConfiguration(operatorSendBacklog: 1))
        _ = try await fixture.components.operators.add(email: "ada@example.com", scope: .publish)
        let flow = fixture.components.operatorSignIn
        let gate = TestGate()
        #expect(flow.sends.submit { await gate.wait() }, "the one place is taken")
        let before = dropped()
        #expect(try await flow.sendCode(email: "ada@example.com", client: client).email == "ada@example.com")
        #expect(dropped() >= before + 1)
        gate.open()
        #expect(try await mails(fixture, flow) == 0, "the dropped request queued no mail")
        await #expect(throws: SignInServiceError.rateLimited(retryAfter: 60)) {
            try await flow.sendCode(email: "ada@example.com", client: client)
        }
        await fixture.close()
    }

    @Test("the queue runs at most its capacity at once and is idle when they finish")
    func capacity() async throws {
        let queue = OperatorSendQueue(capacity: 2)
        let gate = TestGate()
        #expect(queue.submit { await gate.wait() })
        #expect(queue.submit { await gate.wait() })
        #expect(!queue.submit { await gate.wait() }, "a third is dropped")
        gate.open()
        await queue.idle()
        #expect(queue.submit {})
        await queue.idle()
    }
}
