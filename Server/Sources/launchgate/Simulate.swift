import ArgumentParser
import Foundation
import LaunchGate
import LaunchGateServer
import LaunchGateSimulator
import LaunchGateStorage

/// `launchgate simulate`: a device in the terminal, running the SDK's real launch against a server.
struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the SDK's launch (update check, sign-in, banner) as a device in the terminal, against a running server.",
        discussion: """
        Each screen is drawn as a card of text. Type commands (or pipe them in, one a line): tap <button>, \
        dismiss, background, foreground, advance 25h, relaunch, sign-out, help, quit. With --sign-in, the \
        address and then the code are typed on their own lines.

        The device's requests say it is simulated, so the server leaves it out of adoption and the publish \
        guard; --count-as-install counts it as a real install.

        With --storefront, an optional update shows only once that App Store storefront serves it, as the \
        policy's storefronts say; without it, once every storefront listed does.

        Example: launchgate simulate --app demo --version 1.9.0 --build 190 --storefront fr --key ed25519:… --state ./phone
        """)

    @Option(help: "The server's address; the policy and sign-in paths are added to it.") var url = "http://localhost:8080"
    @Option(help: "The app's ID on the server.") var app = "demo"
    @Option(help: "production or beta.") var channel = "production"
    @Option(help: "The device's platform: ios, ipados, macos, tvos, watchos, visionos or android.") var platform = "ios"
    @Option(help: "The installed version.") var version: String
    @Option(help: "The installed build.") var build: String?
    @Option(help: "The device's OS version, such as 17.4.") var os: String?
    @Option(help: "The device's App Store storefront: a country code such as us, fr or JPN. Default: unknown, which waits for the slowest storefront a policy linked to the App Store lists.")
    var storefront: String?
    @Option(help: "The key the policy must be signed with, as 'serve' and 'launchgate keys show' print it (ed25519:…).") var key: String
    @Option(help: "The folder of the device's cache, throttle, session and clock, kept for the next run. Default: a new temporary folder, removed at the end.")
    var state: String?
    @Flag(help: "Sign in after the update check, as an app with email sign-in does.") var signIn = false
    @Option(name: .customLong("language"), help: "The device's preferred language, most preferred first (repeatable, or a comma list: fr,en). Default: en.")
    var languages: [String] = []
    @Option(name: .customLong("exempt-email"), help: "A signed-in address that never sees update screens, as an App Review test account (repeatable).")
    var exemptEmails: [String] = []
    @Flag(help: "Plain text without box drawing or colour, even on a terminal (the default when output is not a terminal).") var plain = false
    @Flag(help: "Count this device as a real install in adoption and the publish guard. By default its requests say it is simulated, and the server leaves them out.")
    var countAsInstall = false

    func validate() throws {
        _ = try settings(stateDirectory: URL(fileURLWithPath: "/"))
        if let state, state.isEmpty { throw ValidationError("--state needs a folder") }
    }

    func run() async throws {
        let (directory, temporary) = try stateDirectory()
        defer { if temporary { try? FileManager.default.removeItem(at: directory) } }
        let settings = try settings(stateDirectory: directory)
        let clock: SimulatedClock
        do { clock = try SimulatedClock(file: settings.clockFile) } catch { throw ValidationError(error.message) }
        let terminal = Terminal.current(forcePlain: plain)
        let refusals = await Self.drive(settings: settings, clock: clock, terminal: terminal)
        guard refusals == 0 || terminal.prompts else {
            FileHandle.standardError.write(Data("\(refusals) line\(refusals == 1 ? " was" : "s were") refused\n".utf8))
            throw ExitCode(1)
        }
    }

    @MainActor
    private static func drive(settings: SimulatorSettings, clock: SimulatedClock, terminal: Terminal) async -> Int {
        let simulator = Simulator(settings: settings, clock: clock) { note in
            output(terminal.renderer.note(note))
        }
        let console = SimulatorConsole(
            simulator: simulator, renderer: terminal.renderer, input: LineReader(descriptor: 0), prompts: terminal.prompts,
            write: output, writeProblem: { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) })
        await console.run()
        return console.refusals
    }

    /// Writes to standard output; when it can't be written (a closed pipe, a full disk) there is
    /// nobody to show the device to, so the run ends with the I/O error status instead of trapping.
    private static func output(_ text: String) {
        do { try FileHandle.standardOutput.write(contentsOf: Data(text.utf8)) } catch {
            try? FileHandle.standardError.write(contentsOf: Data("launchgate simulate: standard output can't be written: \(error)\n".utf8))
            Foundation.exit(74)
        }
    }

    /// The settings the flags describe.
    private func settings(stateDirectory: URL) throws -> SimulatorSettings {
        do {
            guard AppRecord.isValidID(app) else { throw ValidationError("--app must be 1 to 64 lowercase letters, digits, '.', '-' or '_'") }
            guard let releaseChannel = ReleaseChannel(rawValue: channel) else { throw ValidationError("--channel must be production or beta") }
            let appInfo = AppInfo(
                version: try Self.parse("--version", version, AppVersion.init(parsing:)),
                build: try build.map { try Self.parse("--build", $0, BuildNumber.init(parsing:)) },
                platform: try Self.parse("--platform", platform, Platform.init(validating:)),
                osVersion: try os.map { try Self.parse("--os", $0, AppVersion.init(parsing:)) },
                preferredLanguages: try SimulatorSettings.languages(parsing: languages),
                storefront: try SimulatorSettings.storefront(parsing: storefront))
            let emails = try exemptEmails.map { text in try Self.parse("--exempt-email", text) { try EmailAddress($0).value } }
            return SimulatorSettings(
                serverURL: try SimulatorSettings.serverURL(parsing: url), appID: app, channel: releaseChannel, app: appInfo,
                publicKey: try Self.parse("--key", key, PolicyPublicKey.init), stateDirectory: stateDirectory,
                signIn: signIn, exemptEmails: Set(emails), countsAsInstall: countAsInstall)
        } catch let error as SimulatorInputError {
            throw ValidationError(error.message)
        }
    }

    private static func parse<T>(_ flag: String, _ text: String, _ read: (String) throws -> T) throws -> T {
        do { return try read(text) } catch { throw ValidationError("\(flag) \"\(text.prefix(80))\": \(error)") }
    }

    /// The state folder, made private to this user when it is new; a temporary one when none is given.
    private func stateDirectory() throws -> (URL, temporary: Bool) {
        let files = FileManager.default
        let directory = state.map { URL(fileURLWithPath: $0) }
            ?? files.temporaryDirectory.appendingPathComponent("launchgate-simulate-\(UUID().uuidString)")
        do {
            try files.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ValidationError("--state: can't make \(directory.path): \(error.localizedDescription)")
        }
        guard files.isWritableFile(atPath: directory.path) else { throw ValidationError("--state: \(directory.path) can't be written") }
        return (directory, state == nil)
    }
}
