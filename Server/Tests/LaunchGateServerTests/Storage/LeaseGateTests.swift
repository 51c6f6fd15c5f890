import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The gate behind ``Database``'s bounded wait for a PostgreSQL connection.
@Suite("A lease given up at its deadline never runs later; one that began is always awaited")
struct LeaseGateTests {
    struct Down: Error {}

    @Test("given up before it began: the caller gets the error and the work, when it gets a connection, does not run")
    func abandonedNeverRuns() async throws {
        var late: Bool?
        await #expect(throws: Down.self) {
            let _: Int = try await withCheckedThrowingContinuation { continuation in
                let gate = LeaseGate<Int>(continuation)
                #expect(gate.abandon(with: Down()))
                late = gate.begin()          // the pool hands over a connection after the deadline
                gate.finish(.success(1))     // and the work's outcome arrives: ignored
            }
        }
        #expect(late == false)
    }

    @Test("begun before the deadline: the deadline gives nothing up and the caller gets the work's result")
    func begunIsAwaited() async throws {
        var gaveUp: Bool?
        let value: Int = try await withCheckedThrowingContinuation { continuation in
            let gate = LeaseGate<Int>(continuation)
            #expect(gate.begin())
            gaveUp = gate.abandon(with: Down())
            gate.finish(.success(42))
        }
        #expect(value == 42)
        #expect(gaveUp == false)
    }

    @Test("a failure of begun work reaches the caller once")
    func failureReachesCaller() async throws {
        await #expect(throws: Down.self) {
            let _: Int = try await withCheckedThrowingContinuation { continuation in
                let gate = LeaseGate<Int>(continuation)
                #expect(gate.begin())
                gate.finish(.failure(Down()))
                gate.finish(.success(1))
                #expect(!gate.abandon(with: Down()))
            }
        }
    }
}
