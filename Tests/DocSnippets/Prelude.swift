// The names the DocC articles' code samples, and the samples in the sources' `///` comments, use
// without declaring them, so each sample can be type-checked as written (scripts/typecheck-apple --docs). Compiled in the same module as each
// sample, against the real LaunchGate, LaunchGateTesting and LaunchGateUI, with the SwiftUI and
// UIKit stand-ins. Values only: a sample that calls an API which doesn't exist still fails.
import Foundation
import LaunchGate
import LaunchGateTesting
import LaunchGateUI
import SwiftUI
import UIKit

let policyURL = URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios")!
let publicKey = "ed25519:Gb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE="
let data = Data(#"{"schemaVersion": 1, "platforms": {}}"#.utf8)
let legacyURL = URL(string: "https://legacy.example.com/app-version.json")!
let policy = try! UpdatePolicy(json: data)
let bundleShortVersion = "2.3.0"
let bundleVersion = "230"
let osVersion = "17.4"
let installID = "0F8E3A52-6C1B-4D0A-9E2F-7B3C5D1A8E40"
let store: any KeyValueStore = InMemoryKeyValueStore()
let decision = UpdateDecision.upToDate
@MainActor var window: UIWindow! = nil
@MainActor let transport = ScriptedTransport()

func present(_ decision: UpdateDecision) {}

// What a sample in a doc comment takes as already made: the objects of an app's launch, an address,
// the URLs a test scripts. Compiled, never run, so the ones that need a setup are left unmade.
let url = URL(string: "https://updates.example.com/api/version")!
let other = URL(string: "https://cdn.example.com/api/version")!
let signOutURL = URL(string: "https://updates.example.com/v1/apps/notes/auth/sign-out")!
let body = #"{"latest_build": 42}"#
let address = try! EmailAddress("ada@example.com")
let deviceID = DeviceID.random()
let app = AppInfo(version: try! AppVersion(parsing: "2.3.0"))
let configuration = UpdateMonitor.Configuration(source: PolicySource(url: policyURL, publicKeys: []))
let client = AuthClient(baseURL: URL(string: "https://updates.example.com")!, paths: .app("notes"))
@MainActor var monitor: UpdateMonitor { fatalError("declared for type-checking only") }
@MainActor var signInFlow: SignInFlow { fatalError("declared for type-checking only") }
@MainActor var flow: LaunchFlow { fatalError("declared for type-checking only") }
/// An app's own signed-in account, as a sample that exempts the app's review user reads it.
@MainActor final class AppAccount { var email: String? }
@MainActor var account: AppAccount { fatalError("declared for type-checking only") }

/// An app's own screen for a state, as the samples that replace one name it.
struct MyUpdateRequiredView: View {
    let screen: GateScreen
    var body: some View { Text(screen.title) }
}

/// An app's own header above the SDK's screen.
struct BrandHeader: View {
    var body: some View { Text("Notes") }
}

struct ContentView: View {
    var body: some View { Text("Notes") }
}

/// An app's own environment value, as the sample of `launchGateRelays(_:)` passes one on.
struct BrandPalette: Equatable, Sendable { var accent = "#40E0D0" }
private struct BrandPaletteKey: EnvironmentKey { static let defaultValue = BrandPalette() }
extension EnvironmentValues {
    var brandPalette: BrandPalette {
        get { self[BrandPaletteKey.self] }
        set { self[BrandPaletteKey.self] = newValue }
    }
}

/// An app's own update screen that reads that value.
struct BrandedUpdateScreen: View {
    let screen: GateScreen
    @Environment(\.brandPalette) private var palette
    var body: some View { Text(screen.title) }
}

final class MainTabBarController: UIViewController {}

#if !canImport(Security)
/// The keychain store exists only where Security does; on Linux this declaration-only stand-in has
/// its real initializer, so samples that make one type-check as they would on iOS.
struct KeychainSessionStore: SessionStore {
    init(service: String = "launchgate.sign-in", accessGroup: String? = nil) {}
    func loadSession() throws -> SignInSession? { fatalError() }
    func saveSession(_ session: SignInSession) throws { fatalError() }
    func removeSession() throws { fatalError() }
    func loadDeviceID() throws -> DeviceID? { fatalError() }
    func saveDeviceID(_ deviceID: DeviceID) throws { fatalError() }
}
#endif

extension Bundle {
    /// SwiftPM generates `Bundle.module` in a target with resources; the samples' module has none.
    static var module: Bundle { .main }
}
