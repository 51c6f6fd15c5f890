// The names the DocC articles' code samples use without declaring them, so each sample can be
// type-checked as written (scripts/typecheck-apple --docs). Compiled in the same module as each
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
let policy = try! PolicyReader.read(data)
let bundleShortVersion = "2.3.0"
let bundleVersion = "230"
let osVersion = "17.4"
let installID = "0F8E3A52-6C1B-4D0A-9E2F-7B3C5D1A8E40"
let store: any KeyValueStore = InMemoryKeyValueStore()
let decision = UpdateDecision.upToDate
@MainActor var window: UIWindow! = nil
@MainActor let transport = ScriptedTransport()

func present(_ decision: UpdateDecision) {}

struct ContentView: View {
    var body: some View { Text("Notes") }
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
