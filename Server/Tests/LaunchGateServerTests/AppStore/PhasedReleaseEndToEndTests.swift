import AsyncHTTPClient
import Crypto
import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

@Suite("Against the fake App Store Connect, the real client's tokens are accepted and the rollout follows each day",
       .serialized, .enabled(if: FakeAppStoreConnect.isAvailable, "needs python3 with cryptography; scripts/test installs it"))
struct PhasedReleaseEndToEndTests {
    private static let masterKey = try! MasterKey(rawRepresentation: Data(repeating: 3, count: 32))

    private func withService(issuerID: String = AppStoreConnectFixture.issuerID, privateKeyPEM: String? = nil,
                             _ body: (PhasedReleaseService, FakeAppStoreConnect, HTTPClient) async throws -> Void) async throws {
        let fake = try FakeAppStoreConnect(apps: ["com.example.notes=2.4.1:ACTIVE:1", "com.example.maps=3.0.0:PAUSED:3"])
        let client = HTTPClientConnectTransport.makeClient()
        do {
            let apps = MemoryRepository()
            for app in ["notes", "maps"] { try await apps.createApp(Samples.app(app)) }
            let keys = AppStoreConnectKeys(apps: apps, repository: MemoryAppStoreConnectKeyRepository(), masterKey: { Self.masterKey })
            for app in ["notes", "maps"] {
                try await keys.set(app: app, issuerID: issuerID, keyID: AppStoreConnectFixture.keyID,
                                   privateKeyPEM: try privateKeyPEM ?? AppStoreConnectFixture.privateKeyPEM)
            }
            let connect = AppStoreConnectClient(baseURL: try AppStoreConnectURL(parsing: fake.baseURL, allowLoopbackHTTP: true), transport: HTTPClientConnectTransport(client: client),
                                                tokens: AppStoreConnectTokens())
            try await body(PhasedReleaseService(keys: keys, client: connect), fake, client)
        } catch {
            fake.stop()
            try await client.shutdown()
            throw error
        }
        fake.stop()
        try await client.shutdown()
    }

    @Test("a phased release moving through its seven days, then paused, then complete; another app paused")
    func throughTheDays() async throws {
        try await withService { service, fake, client in
            for (day, percentage) in zip(1...7, Rollout.applePhasedSchedule) {
                try await fake.set("com.example.notes", ["state": "ACTIVE", "day": day], client: client)
                let release = await service.rollout(app: "notes", bundleID: "com.example.notes", platform: .ios, version: "2.4.1")
                #expect(release.rollout == .percentage(percentage), "day \(day)")
            }
            try await fake.set("com.example.notes", ["state": "PAUSED", "day": 4], client: client)
            #expect(await service.rollout(app: "notes", bundleID: "com.example.notes", platform: .ios, version: "2.4.1").rollout == .percentage(0))
            try await fake.set("com.example.notes", ["state": "COMPLETE", "day": 7], client: client)
            #expect(await service.rollout(app: "notes", bundleID: "com.example.notes", platform: .ios, version: "2.4.1").rollout == .percentage(100))
            #expect(await service.rollout(app: "maps", bundleID: "com.example.maps", platform: .ios, version: "3.0.0").rollout == .percentage(0))
            let refused = try await fake.log(client: client).compactMap { $0["refused"] as? String }
            #expect(refused.isEmpty, "the fake refused tokens: \(refused)")
        }
    }

    @Test("a 503 falls back to the policy's rollout, and the next good answer is followed again")
    func outage() async throws {
        try await withService { service, fake, client in
            try await fake.set("com.example.notes", ["status": 503], client: client)
            let down = await service.rollout(app: "notes", bundleID: "com.example.notes", platform: .ios, version: "2.4.1")
            #expect(down.rollout(replacing: .percentage(30)) == .percentage(30))
            #expect(service.status(app: "notes").first?.lastError?.contains("503") == true)
            try await fake.set("com.example.notes", ["status": NSNull(), "state": "ACTIVE", "day": 5], client: client)
            #expect(await service.rollout(app: "notes", bundleID: "com.example.notes", platform: .ios, version: "2.4.1").rollout == .percentage(20))
        }
    }

    @Test("a key the fake doesn't know is refused with 401, and the policy's rollout applies")
    func unknownKey() async throws {
        try await withService(privateKeyPEM: P256.Signing.PrivateKey().pemRepresentation) { service, fake, client in
            let release = await service.rollout(app: "notes", bundleID: "com.example.notes", platform: .ios, version: "2.4.1")
            guard case .policyRollout(.connectFailed(let error)) = release else { Issue.record("\(release)"); return }
            #expect(error.reason == .unauthorized)
            let log = try await fake.log(client: client)
            #expect(log.first?["refused"] as? String == "bad signature")
        }
    }
}
