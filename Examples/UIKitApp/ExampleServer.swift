import Foundation

/// Where the app's policy comes from: the `LaunchGateServer`, `LaunchGateAppID` and
/// `LaunchGatePublicKey` values of Info.plist, so a debug build can point at
/// `launchgate serve --demo` and a release build at your server without a code change.
/// (Examples/project.yml fills them from build settings.) Without them, placeholders.
enum ExampleServer {
    /// The LaunchGate server's base URL.
    static var url: URL { value("LaunchGateServer").flatMap(URL.init(string:)) ?? URL(string: "https://updates.example.com")! }
    /// The app's ID on the server.
    static var appID: String { value("LaunchGateAppID") ?? "notes" }
    /// The key the server signs with, as `launchgate keys show` prints it.
    static var publicKey: String { value("LaunchGatePublicKey") ?? "ed25519:Gb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=" }

    private static func value(_ key: String) -> String? {
        (Bundle.main.object(forInfoDictionaryKey: key) as? String).flatMap { $0.isEmpty ? nil : $0 }
    }
}
