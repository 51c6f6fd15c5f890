import Foundation
import LaunchGate

/// What one simulated device is: the server it asks, the installed app, and the folder that holds
/// what the SDK stores, so that a relaunch (or the next `launchgate simulate`) finds it again.
public struct SimulatorSettings: Sendable {
    /// The server's root (or where it is mounted): the policy and sign-in paths are added to it.
    public var serverURL: URL
    /// The app's ID on the server, as in `/v1/apps/{app}/policy`.
    public var appID: String
    /// The release channel whose policy is fetched.
    public var channel: ReleaseChannel
    /// The installed app and device; its preferred languages also pick the SDK's default texts.
    public var app: AppInfo
    /// The key the policy must be signed with.
    public var publicKey: PolicyPublicKey
    /// The folder of the cache, throttle, session and clock.
    public var stateDirectory: URL
    /// Whether sign-in is part of the launch, after the update check.
    public var signIn: Bool
    /// Signed-in addresses that never see an update screen (seed 000's `test@example.com`).
    public var exemptEmails: Set<String>
    /// Whether the device counts as a real install in the server's adoption and its publish
    /// guard. Off by default: the device's requests say it is simulated, so a walkthrough's
    /// launches don't show up as "installs first seen today" in every impact that follows.
    public var countsAsInstall: Bool

    /// Creates settings.
    /// - Parameters:
    ///   - serverURL: The server's root.
    ///   - appID: The app's ID.
    ///   - channel: The channel; production by default.
    ///   - app: The installed app.
    ///   - publicKey: The pinned key.
    ///   - stateDirectory: The state folder.
    ///   - signIn: Whether to sign in.
    ///   - exemptEmails: Addresses exempt from update screens.
    ///   - countsAsInstall: Whether the server counts the device as a real install.
    public init(serverURL: URL, appID: String, channel: ReleaseChannel = .production, app: AppInfo,
                publicKey: PolicyPublicKey, stateDirectory: URL, signIn: Bool = false, exemptEmails: Set<String> = [],
                countsAsInstall: Bool = false) {
        self.serverURL = serverURL
        self.appID = appID
        self.channel = channel
        self.app = app
        self.publicKey = publicKey
        self.stateDirectory = stateDirectory
        self.signIn = signIn
        self.exemptEmails = exemptEmails
        self.countsAsInstall = countsAsInstall
    }

    /// The policy's URL: `{server}/v1/apps/{app}/policy?platform=…&channel=…`.
    public var policyURL: URL {
        var components = URLComponents(url: serverURL, resolvingAgainstBaseURL: true) ?? URLComponents()
        let root = components.percentEncodedPath.hasSuffix("/") ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        // One path segment, so an app ID can't add segments or a query.
        var segment = CharacterSet.urlPathAllowed
        segment.remove(charactersIn: "/;?#")
        components.percentEncodedPath = root + "/v1/apps/" + (appID.addingPercentEncoding(withAllowedCharacters: segment) ?? appID) + "/policy"
        components.queryItems = [URLQueryItem(name: "platform", value: app.platform.rawValue),
                                 URLQueryItem(name: "channel", value: channel.rawValue)]
        components.fragment = nil
        return components.url ?? serverURL
    }

    /// The file of the SDK's key-value store: policy cache, dismissals, install ID, welcome flags.
    public var storeFile: URL { stateDirectory.appendingPathComponent("store.json") }
    /// The file of the sign-in session and device ID.
    public var sessionFile: URL { stateDirectory.appendingPathComponent("session.json") }
    /// The file of the simulated clock's offset.
    public var clockFile: URL { stateDirectory.appendingPathComponent("clock.json") }
}
