import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("The privacy manifest ships in the SDK's bundle and declares everything the SDK sends")
struct PrivacyManifestTests {
    /// Which collected-data type covers each member of the `LaunchGate-Client` header. A member the
    /// SDK starts sending without an entry here fails ``everyHeaderFieldDeclared()``: declare it in
    /// `Sources/LaunchGate/PrivacyInfo.xcprivacy`, then add it here.
    private static let headerFieldTypes = [
        "version": "NSPrivacyCollectedDataTypeOtherDiagnosticData",
        "build": "NSPrivacyCollectedDataTypeOtherDiagnosticData",
        "platform": "NSPrivacyCollectedDataTypeOtherDiagnosticData",
        "os": "NSPrivacyCollectedDataTypeOtherDiagnosticData",
        "install": "NSPrivacyCollectedDataTypeDeviceID",
        "device": "NSPrivacyCollectedDataTypeDeviceID",
    ]

    /// Stands in for `Bundle.module`, which stops the process when its bundle is missing.
    private static func moduleNotExpected() -> Bundle {
        Issue.record("Bundle.module was asked for outside an app or a test bundle")
        return Bundle.main
    }

    /// The manifest as the built resource bundle holds it, which is where Xcode reads it.
    private func manifest() throws -> [String: Any] {
        #if canImport(Darwin)
        let found = ResourceBundle.locate(named: "LaunchGate_LaunchGate", module: Bundle.module, anchor: StringTables.self)
        #else
        let found = ResourceBundle.locate(named: "LaunchGate_LaunchGate", module: Self.moduleNotExpected(), anchor: StringTables.self)
        #endif
        let bundle = try #require(found)
        let url = try #require(bundle.url(forResource: "PrivacyInfo", withExtension: "xcprivacy"))
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        return try #require(plist as? [String: Any])
    }

    /// Each declared data type with its purposes, linked and tracking flags.
    private func collected() throws -> [String: (purposes: Set<String>, linked: Bool, tracking: Bool)] {
        let entries = try #require(try manifest()["NSPrivacyCollectedDataTypes"] as? [[String: Any]])
        var result: [String: (purposes: Set<String>, linked: Bool, tracking: Bool)] = [:]
        for entry in entries {
            let type = try #require(entry["NSPrivacyCollectedDataType"] as? String)
            result[type] = (Set(try #require(entry["NSPrivacyCollectedDataTypePurposes"] as? [String])),
                            try #require(entry["NSPrivacyCollectedDataTypeLinked"] as? Bool),
                            try #require(entry["NSPrivacyCollectedDataTypeTracking"] as? Bool))
        }
        return result
    }

    /// The members of the header the beacon sends, and of the one a policy check sends, for an app that shares a device ID.
    private func sentHeaderFields() async throws -> Set<String> {
        let transport = ScriptedTransport()
        let policyURL = URL(string: "https://gate.example.com/v1/apps/notes/policy?platform=ios")!
        let pingURL = try #require(InstallBeacon.pingURL(forPolicyAt: policyURL))
        transport.always(.respond(TransportResponse(status: 204)), for: pingURL)
        let app = AppInfo(version: "2.4.1", build: BuildNumber(241), platform: .ios, osVersion: "17.4", deviceID: "device-1")
        let configuration = UpdateMonitor.Configuration(source: PolicySource(url: policyURL))
        _ = await InstallBeacon(configuration: configuration, app: app, installID: "install-1", store: InMemoryKeyValueStore(),
                                transport: transport).sendIfDue()
        _ = await PolicyFetcher(source: configuration.source, app: app, installID: "install-1", transport: transport,
                                cache: PolicyCache(store: InMemoryKeyValueStore())).fetch()
        #expect(transport.requests.count == 2)
        var fields: Set<String> = []
        for request in transport.requests {
            let value = try #require(request.headers[ClientHeader.name])
            fields.formUnion(try #require(ClientHeader.parseMembers(value)).keys)
        }
        return fields
    }

    // MARK: Tests

    @Test("the manifest is in the SDK's resource bundle, says no tracking, and gives UserDefaults' reason CA92.1")
    func manifestBasics() throws {
        let manifest = try manifest()
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [String])?.isEmpty == true)
        let apis = try #require(manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        let userDefaults = apis.first { $0["NSPrivacyAccessedAPIType"] as? String == "NSPrivacyAccessedAPICategoryUserDefaults" }
        #expect(userDefaults?["NSPrivacyAccessedAPITypeReasons"] as? [String] == ["CA92.1"])
    }

    @Test("every field of the client header the beacon and the check send is declared, for analytics and app functionality, unlinked")
    func everyHeaderFieldDeclared() async throws {
        let declared = try collected()
        let fields = try await sentHeaderFields()
        #expect(fields.isSuperset(of: ["version", "platform", "install"]), "\(fields)")
        for field in fields.sorted() {
            let type = try #require(Self.headerFieldTypes[field], "the header's \(field) is sent but not declared in PrivacyInfo.xcprivacy")
            let entry = try #require(declared[type], "\(field) is sent as \(type), which the manifest doesn't declare")
            #expect(entry.purposes == ["NSPrivacyCollectedDataTypePurposeAppFunctionality", "NSPrivacyCollectedDataTypePurposeAnalytics"],
                    "\(type)")
            #expect(!entry.linked && !entry.tracking, "\(type)")
        }
    }

    @Test("the address sign-in sends is declared as linked to the user, for app functionality only")
    func emailDeclared() throws {
        let email = try #require(try collected()["NSPrivacyCollectedDataTypeEmailAddress"])
        #expect(email.purposes == ["NSPrivacyCollectedDataTypePurposeAppFunctionality"])
        #expect(email.linked && !email.tracking)
    }

    @Test("the prompt counts the beacon sends are declared as product interaction, for analytics, unlinked")
    func promptCountsDeclared() async throws {
        let store = InMemoryKeyValueStore()
        PromptFunnel(store: store).record(.update, revision: 1)
        let transport = ScriptedTransport()
        let policyURL = URL(string: "https://gate.example.com/v1/apps/notes/policy?platform=ios")!
        transport.always(.respond(TransportResponse(status: 204)), for: try #require(InstallBeacon.pingURL(forPolicyAt: policyURL)))
        _ = await InstallBeacon(configuration: UpdateMonitor.Configuration(source: PolicySource(url: policyURL)),
                                app: AppInfo(version: "2.4.1", platform: .ios), installID: "install-1", store: store, transport: transport).sendIfDue()
        #expect(transport.requests.first?.body != nil, "the beacon sent counts")
        let entry = try #require(try collected()["NSPrivacyCollectedDataTypeProductInteraction"], "the manifest doesn't declare the prompt counts")
        #expect(entry.purposes == ["NSPrivacyCollectedDataTypePurposeAnalytics"])
        #expect(!entry.linked && !entry.tracking)
    }
}
