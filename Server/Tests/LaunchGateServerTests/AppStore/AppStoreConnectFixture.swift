import Crypto
import Foundation
@testable import LaunchGateAppStore

/// The test-only App Store Connect key under Tests/Fixtures/appstore-connect, and Apple-shaped answers.
enum AppStoreConnectFixture {
    static let issuerID = "00000000-0000-0000-0000-000000000001"
    static let keyID = "TEST000001"
    static let bundleID = "com.example.notes"

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/appstore-connect")

    static var privateKeyPEM: String {
        get throws { try String(contentsOf: folder.appendingPathComponent("AuthKey_TEST000001.p8"), encoding: .utf8) }
    }

    static var publicKey: P256.Signing.PublicKey {
        get throws {
            try P256.Signing.PublicKey(pemRepresentation: String(contentsOf: folder.appendingPathComponent("AuthKey_TEST000001.pub.pem"),
                                                                 encoding: .utf8))
        }
    }

    static func credentials() throws -> AppStoreConnectCredentials {
        try AppStoreConnectCredentials(issuerID: issuerID, keyID: keyID, pem: privateKeyPEM)
    }

    // MARK: Answers, in the shapes of Apple's documentation

    static let appsBody = #"{"data":[{"type":"apps","id":"1234567890","attributes":{"bundleId":"com.example.notes"},"links":{"self":"x"}}],"links":{"self":"x"}}"#

    static func versionsBody(_ version: String = "2.4.1") -> String {
        #"{"data":[{"type":"appStoreVersions","id":"ver-1","attributes":{"platform":"IOS","versionString":""#
            + version + #"","appStoreState":"READY_FOR_SALE"}}],"links":{"self":"x"}}"#
    }

    static func phasedBody(state: String, day: Int?) -> String {
        let dayField = day.map { #","currentDayNumber":\#($0)"# } ?? ""
        return #"{"data":{"type":"appStoreVersionPhasedReleases","id":"phase-1","attributes":{"phasedReleaseState":""#
            + state + #"","startDate":"2026-11-30T00:00:00Z","totalPauseDuration":0"# + dayField + "}}}"
    }

    /// A transport answering the three requests of one check.
    static func transport(apps: AppStoreConnectResponse = .init(status: 200, body: Data(appsBody.utf8)),
                          versions: AppStoreConnectResponse = .init(status: 200, body: Data(versionsBody().utf8)),
                          phased: AppStoreConnectResponse) -> ScriptedConnectTransport {
        ScriptedConnectTransport { url in
            if url.path.hasSuffix("/appStoreVersionPhasedRelease") { return .success(phased) }
            if url.path.hasSuffix("/appStoreVersions") { return .success(versions) }
            return .success(apps)
        }
    }
}

extension AppStoreConnectResponse {
    static func json(_ text: String, status: Int = 200) -> AppStoreConnectResponse { .init(status: status, body: Data(text.utf8)) }
}
