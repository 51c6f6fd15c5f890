import Foundation
import LaunchGate
import LaunchGateTesting
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Server components with the apps "notes" and "todo", a test clock, and a way to read the codes
/// sign-in queued (from the outbox, opened with the master key), without a mail transport.
struct SignInFixture {
    let components: ServerComponents
    let clock: TestClock
    /// The database location this fixture made, removed by ``close()``.
    var removable: DatabaseLocation?

    static let masterKey = try! MasterKey(rawRepresentation: Data(repeating: 7, count: 32))

    /// What a sign-in step answered: "ok", or its error's stable code (anything else as text), so
    /// that a test compares the answers of a run in one expectation.
    static func outcome(_ body: () async throws -> Void) async -> String {
        do { try await body(); return "ok" } catch let error as SignInServiceError { return error.code } catch { return "\(error)" }
    }

    static func make(_ backend: TestBackend = .memory, configuration: SignInConfiguration = SignInConfiguration(),
                     random: any RandomSource = SystemRandomSource(), location: DatabaseLocation? = nil) async throws -> SignInFixture {
        let clock = TestClock()
        let components: ServerComponents
        // A location made here is this fixture's to remove; one passed in belongs to the caller.
        let fresh = location == nil ? try await backend.freshLocation() : nil
        if let opened = location ?? fresh {
            let database = try await TestBackend.open(opened)
            try await Migrator(database: database).migrate()
            components = ServerComponents(database: database, repository: SQLRepository(database: database),
                                          signInConfiguration: configuration, random: random, masterKey: masterKey, now: clock.now)
        } else {
            components = ServerComponents(database: nil, repository: MemoryRepository(), signInConfiguration: configuration, random: random,
                                          masterKey: masterKey, now: clock.now)
        }
        for app in ["notes", "todo"] where try await components.repository.app(id: app) == nil {
            try await components.repository.createApp(Samples.app(app))
        }
        await components.policies.invalidate()
        return SignInFixture(components: components, clock: clock, removable: fresh)
    }

    var service: SignInService { components.signIn }

    /// The newest code queued for the address and not yet delivered.
    func code(for email: String, app: String = "notes") async throws -> String? {
        // Operators' codes are queued after the answer.
        await components.operatorSignIn.sends.idle()
        // A lease of 0 leaves every message claimable by the next call.
        let mail = try await components.signInRepository.claimDueMail(at: clock.date.addingTimeInterval(86_400 * 365), lease: 0, limit: 1000)
        guard let sealed = mail.filter({ $0.email == email && $0.appID == app }).max(by: { $0.createdAt < $1.createdAt })?.sealedCode else {
            return nil
        }
        return try service.secrets.open(sealed)
    }

    /// Sends a code and verifies it. - Returns: What the verify answered.
    func signIn(_ email: String, app: String = "notes", device: String = "device-1", client: String = "192.0.2.1") async throws -> SignInService.SignedIn {
        _ = try await service.sendCode(app: app, email: email, client: client)
        let code = try `require`(try await code(for: try SignInAddress.normalized(email), app: app))
        return try await service.verifyCode(app: app, email: email, code: code, deviceID: device, client: client)
    }

    /// A code of the right length that is not the right one.
    static func wrong(_ code: String) -> String {
        String(code.map { $0 == "0" ? "1" : "0" })
    }

    func close() async {
        await components.database?.close()
        if let removable { await TestBackend.remove(removable) }
    }
}

/// `#require` outside a test function body: throws when nil.
private func `require`<T>(_ value: T?) throws -> T {
    guard let value else { throw FixtureError.missing }
    return value
}

private enum FixtureError: Error { case missing }
