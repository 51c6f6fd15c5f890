import Foundation
@_spi(LaunchGateServer) import LaunchGate

/// A device running the SDK's real ``LaunchFlow`` (its fetcher, cache, signature check, throttle and
/// sign-in) against a server, with everything it stores in one folder and a clock that can be moved
/// on. ``perform(_:)`` is what a person does with the phone; ``card`` is what the phone shows.
///
/// ```swift
/// let simulator = Simulator(settings: settings, clock: try SimulatedClock(file: settings.clockFile)) { print($0) }
/// await simulator.launch()
/// try await simulator.perform(.tap("Not Now"))
/// print(CardRenderer(style: .plain).render(simulator.card))
/// ```
@MainActor
public final class Simulator {
    /// The device and the server it asks.
    public let settings: SimulatorSettings
    /// The device's clock, shared by every part of the SDK.
    public let clock: SimulatedClock
    /// The running app's flow; a relaunch replaces it with one built from the stored state.
    public internal(set) var flow: LaunchFlow
    /// Whether the app is in the background, where nothing on it can be tapped.
    public internal(set) var isInBackground = false

    let transport: any HTTPTransport
    let note: @MainActor @Sendable (String) -> Void

    /// Creates the device and its flow; nothing is fetched until ``launch()``.
    /// - Parameters:
    ///   - settings: The device and server.
    ///   - clock: The simulated clock.
    ///   - transport: The HTTP transport of the update check and sign-in.
    ///   - note: Receives what the device does outside its screen, such as opening the update URL.
    public init(settings: SimulatorSettings, clock: SimulatedClock, transport: any HTTPTransport = URLSessionTransport(),
                note: @escaping @MainActor @Sendable (String) -> Void) {
        self.settings = settings
        self.clock = clock
        self.transport = transport
        self.note = note
        self.flow = Self.makeFlow(settings: settings, clock: clock, transport: transport, note: note)
    }

    /// Runs the launch: the update check and the stored session's check, as an app does at start.
    public func launch() async {
        isInBackground = false
        await flow.start()
    }

    /// What the device shows now.
    public var card: ScreenCard {
        guard !isInBackground else { return ScreenCard(label: ScreenCard.backgroundLabel) }
        return ScreenCard.make(state: flow.state, signInScreen: flow.signInScreen, user: flow.signIn?.session?.user,
                               strings: flow.strings)
    }

    /// The SDK's last failures, never shown to a user but worth a line in a simulator: an update
    /// check that failed open, a session the server could not confirm, a store that can't be written.
    public var diagnostics: [String] {
        var lines: [String] = []
        if let error = flow.updates?.lastError { lines.append("update check: \(error.message)") }
        if let error = flow.signIn?.lastError { lines.append("sign-in: \(error.message)") }
        return lines
    }

    /// The flow an app would build at launch, over the files in the state folder.
    static func makeFlow(settings: SimulatorSettings, clock: SimulatedClock, transport: any HTTPTransport,
                         note: @escaping @MainActor @Sendable (String) -> Void) -> LaunchFlow {
        let store = FileKeyValueStore(url: settings.storeFile)
        let opener = ClosureURLOpener { url in
            note("Opening \(url.absoluteString)")
            return true
        }
        // Marked in the client header of the policy reads and the install beacon, unless asked
        // to count: the server then leaves the device out of adoption and the publish guard.
        var app = settings.app
        app.isSimulated = !settings.countsAsInstall
        let monitor = UpdateMonitor(
            configuration: .init(source: PolicySource(url: settings.policyURL, publicKeys: [settings.publicKey])),
            app: app, store: store, transport: transport, opener: opener, now: clock.now, sleep: clock.sleep)
        let signIn = settings.signIn ? SignInFlow(
            client: AuthClient(baseURL: settings.serverURL, paths: .app(settings.appID), transport: transport),
            sessions: FileSessionStore(url: settings.sessionFile), store: store, now: clock.now) : nil
        return LaunchFlow(updates: monitor, signIn: signIn, strings: .forLanguages(settings.app.preferredLanguages),
                          configuration: .exempting(emails: settings.exemptEmails))
    }
}
