import Crypto
import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

@Suite("The phased release service follows Apple when it can, and otherwise keeps the policy's rollout and says why")
struct PhasedReleaseServiceTests {
    private static let masterKey = try! MasterKey(rawRepresentation: Data(repeating: 7, count: 32))

    private func keys(_ repository: any AppStoreConnectKeyRepository = MemoryAppStoreConnectKeyRepository(),
                      masterKey: @escaping @Sendable () throws -> MasterKey = { masterKey }) async throws -> AppStoreConnectKeys {
        let apps = MemoryRepository()
        try await apps.createApp(Samples.app("notes"))
        return AppStoreConnectKeys(apps: apps, repository: repository, masterKey: masterKey, now: { Samples.now })
    }

    private func service(_ keys: AppStoreConnectKeys, _ transport: ScriptedConnectTransport) throws -> PhasedReleaseService {
        PhasedReleaseService(keys: keys, client: AppStoreConnectClient(baseURL: try AppStoreConnectURL(parsing: "http://127.0.0.1:9", allowLoopbackHTTP: true),
                                                                      transport: transport, tokens: AppStoreConnectTokens(now: { Samples.now })),
                             now: { Samples.now })
    }

    private func withKey() async throws -> AppStoreConnectKeys {
        let keys = try await keys()
        try await keys.set(app: "notes", issuerID: AppStoreConnectFixture.issuerID, keyID: AppStoreConnectFixture.keyID,
                           privateKeyPEM: AppStoreConnectFixture.privateKeyPEM)
        return keys
    }

    @Test("an active day 4 gives 10 %, and the status says ACTIVE day 4")
    func following() async throws {
        let transport = AppStoreConnectFixture.transport(phased: .json(AppStoreConnectFixture.phasedBody(state: "ACTIVE", day: 4)))
        let service = try service(try await withKey(), transport)
        let release = await service.rollout(app: "notes", bundleID: AppStoreConnectFixture.bundleID, platform: .ios, version: "2.4.1")
        #expect(release.rollout == .percentage(10))
        let status = try #require(service.status(app: "notes").first)
        #expect(status.state == .active && status.day == 4 && status.lastError == nil && status.checkedAt == Samples.now)
    }

    @Test("without a key nothing is asked and the policy's rollout applies")
    func noKey() async throws {
        let transport = AppStoreConnectFixture.transport(phased: .json(AppStoreConnectFixture.phasedBody(state: "ACTIVE", day: 4)))
        let release = try await service(try await keys(), transport).rollout(app: "notes", bundleID: "com.example.notes", platform: .ios, version: "2.4.1")
        #expect(release == .policyRollout(.noCredentials))
        #expect(transport.requests.isEmpty)
    }

    @Test("a revoked key (401), a 503 and a timeout fall back, and the status keeps the last error", arguments: [
        Result<AppStoreConnectResponse, AppStoreConnectError>.success(.json("{}", status: 401)), .success(.json("{}", status: 503)),
        .failure(.timeout),
    ])
    func failures(answer: Result<AppStoreConnectResponse, AppStoreConnectError>) async throws {
        let service = try service(try await withKey(), ScriptedConnectTransport { _ in answer })
        let release = await service.rollout(app: "notes", bundleID: AppStoreConnectFixture.bundleID, platform: .ios, version: "2.4.1")
        #expect(release.rollout == nil)
        #expect(release.rollout(replacing: .percentage(25)) == .percentage(25))
        #expect(try #require(service.status(app: "notes").first).lastError != nil)
    }

    @Test("a key sealed under another master key falls back, saying the key can't be used")
    func wrongMasterKey() async throws {
        let repository = MemoryAppStoreConnectKeyRepository()
        try await keys(repository).set(app: "notes", issuerID: AppStoreConnectFixture.issuerID, keyID: AppStoreConnectFixture.keyID,
                                       privateKeyPEM: AppStoreConnectFixture.privateKeyPEM)
        let other = try await keys(repository, masterKey: { try MasterKey(rawRepresentation: Data(repeating: 9, count: 32)) })
        let transport = AppStoreConnectFixture.transport(phased: .json(#"{"data":null}"#))
        let release = try await service(other, transport).rollout(app: "notes", bundleID: AppStoreConnectFixture.bundleID, platform: .ios, version: "2.4.1")
        guard case .policyRollout(.credentialsUnusable(let why)) = release else { Issue.record("\(release)"); return }
        #expect(why.contains("App Store Connect key") && !why.contains("signing key"))
        #expect(transport.requests.isEmpty)
    }

    @Test("the private key is stored sealed, never in the clear, and only its IDs come back")
    func sealed() async throws {
        let repository = MemoryAppStoreConnectKeyRepository()
        let keys = try await keys(repository)
        let summary = try await keys.set(app: "notes", issuerID: AppStoreConnectFixture.issuerID, keyID: AppStoreConnectFixture.keyID,
                                         privateKeyPEM: AppStoreConnectFixture.privateKeyPEM)
        #expect(summary.keyID == AppStoreConnectFixture.keyID)
        let stored = try #require(await repository.find(appID: "notes"))
        #expect(!stored.sealedPrivateKey.contains("PRIVATE KEY"))
        let pem = try AppStoreConnectFixture.privateKeyPEM
        let body = pem.split(separator: "\n").dropFirst().first.map(String.init) ?? pem
        #expect(!stored.sealedPrivateKey.contains(body))
        #expect(try await keys.credentials(app: "notes")?.publicKey.rawRepresentation == AppStoreConnectFixture.publicKey.rawRepresentation)
    }

    @Test("a bad key file or an unknown app is refused before anything is stored")
    func refusals() async throws {
        let repository = MemoryAppStoreConnectKeyRepository()
        let keys = try await keys(repository)
        await #expect(throws: AppStoreConnectError.self) {
            try await keys.set(app: "notes", issuerID: "i", keyID: "k", privateKeyPEM: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----")
        }
        await #expect(throws: ServiceError.appNotFound("maps")) {
            try await keys.set(app: "maps", issuerID: "i", keyID: "k", privateKeyPEM: P256.Signing.PrivateKey().pemRepresentation)
        }
        #expect(await repository.find(appID: "notes") == nil)
    }
}
