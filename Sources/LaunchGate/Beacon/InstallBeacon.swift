import Foundation

/// The daily "this install exists" ping, `POST /v1/apps/{app}/installs/ping`, so a LaunchGate
/// server counts installs whose policy reads a CDN answers.
///
/// It sends the `LaunchGate-Client` header (version, build, platform, OS and the random install
/// ID; the server stores the ID only as an HMAC) and, when prompts were shown, the
/// ``PromptFunnel``'s counts as a small JSON ``FunnelReport`` (no ID of any kind in it), removed
/// from the store after a 2xx answer, or after a 400 that refuses them for good
/// (`refusesCounts(_:)`; the ping then goes again at once without them). At most once a day: the time is
/// recorded before sending, so a failure is not retried until the next day, and a clock moved
/// back restarts the day instead of sending again. ``UpdateMonitor/start()`` sends it by
/// itself; an app that checks without the monitor calls it off the launch path, after the
/// decision is on screen:
///
/// ```swift
/// let beacon = InstallBeacon(configuration: configuration, app: app, installID: monitor.installIdentifier, store: store)
/// Task(priority: .background) { await beacon.sendIfDue() }
/// ```
public struct InstallBeacon: Sendable {
    /// What one call did.
    public enum Outcome: Sendable, Equatable {
        /// Sent, and the server answered with this status.
        case sent(status: Int)
        /// Sent, but no answer arrived.
        case failed
        /// Less than a day since the last one.
        case notDue
        /// Turned off, or no ping URL is known for this source.
        case off
    }

    /// The shortest time between two pings, in seconds.
    public static let interval: TimeInterval = 86_400

    /// Where pings go; `nil` when there is nowhere to send them.
    public let url: URL?
    private let header: String
    private let store: any KeyValueStore
    private let transport: any HTTPTransport
    private let now: @Sendable () -> Date
    private let key: String
    private let funnel: PromptFunnel

    /// The largest body sent, in bytes; the server refuses more.
    public static let maximumBodySize = 2048

    /// Creates a beacon.
    /// - Parameters:
    ///   - configuration: The monitor's configuration: its switch, ping URL, source and store prefix.
    ///   - app: The installed app and device.
    ///   - installID: The install's random ID (``UpdateMonitor/installIdentifier``).
    ///   - store: Where the last ping's time is kept.
    ///   - transport: The HTTP transport.
    ///   - now: The clock.
    public init(configuration: UpdateMonitor.Configuration, app: AppInfo, installID: String, store: any KeyValueStore,
                transport: any HTTPTransport = URLSessionTransport(), now: @escaping @Sendable () -> Date = Date.init) {
        url = configuration.sendsInstallBeacon ? configuration.installBeaconURL ?? Self.pingURL(forPolicyAt: configuration.source.url) : nil
        // The device ID stays home: the beacon counts installs, not devices.
        var client = ClientHeader(app: app, installID: installID)
        client.device = nil
        header = client.rendered()
        self.store = store
        self.transport = transport
        self.now = now
        key = configuration.storeKeyPrefix + ".beacon.lastSent"
        funnel = PromptFunnel(store: store, keyPrefix: configuration.storeKeyPrefix)
    }

    /// The ping URL of a LaunchGate server's policy URL (`…/v1/apps/{app}/policy`, query and all),
    /// or `nil` for any other URL (a static file, a seed path), which needs an explicit one.
    public static func pingURL(forPolicyAt policyURL: URL) -> URL? {
        guard var components = URLComponents(url: policyURL, resolvingAgainstBaseURL: false) else { return nil }
        let parts = components.path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 5, parts[parts.count - 1] == "policy", parts[parts.count - 3] == "apps", parts[parts.count - 4] == "v1",
              !parts[parts.count - 2].isEmpty else { return nil }
        components.path = parts.dropLast().joined(separator: "/") + "/installs/ping"
        components.query = nil
        components.fragment = nil
        return components.url
    }

    /// Sends the ping when a day has passed since the last one.
    /// - Returns: What happened; nothing is thrown, since no caller could act on it.
    @discardableResult
    public func sendIfDue() async -> Outcome {
        guard let url else { return .off }
        guard claim() else { return .notDue }
        var headers = [ClientHeader.name: header]
        let report = funnel.pending()
        let body = report.flatMap { try? JSONEncoder().encode($0) }.flatMap { $0.count <= Self.maximumBodySize ? $0 : nil }
        if body != nil { headers["Content-Type"] = "application/json" }
        let request = TransportRequest(method: "POST", url: url, headers: headers, body: body, timeout: 10, maximumBodySize: 4096)
        let response: TransportResponse
        do { response = try await transport.send(request) } catch { return .failed }
        guard let report, body != nil else { return .sent(status: response.status) }
        // An accepted ping clears the counts; after a failure they wait for tomorrow's.
        if (200..<300).contains(response.status) { funnel.remove(report) }
        guard Self.refusesCounts(response) else { return .sent(status: response.status) }
        // Counts the server can never take are dropped, or they would refuse every ping to come.
        // The server turned the ping away before counting the install, so it goes again at once
        // without them: still one counted ping for the day, and a bare ping can't be refused so.
        funnel.remove(report)
        let bare = TransportRequest(method: "POST", url: url, headers: [ClientHeader.name: header], body: nil, timeout: 10, maximumBodySize: 4096)
        do { return .sent(status: try await transport.send(bare).status) } catch { return .failed }
    }

    /// Serialises ``claim()`` across every beacon in the process: two monitors (or two `start()`
    /// calls) over one store must not both read "due" before either records the ping.
    private static let claimLock = NSLock()

    /// Records this ping's time if one is due, in one step under ``claimLock``.
    /// - Returns: Whether the caller should send it.
    private func claim() -> Bool {
        Self.claimLock.lock()
        defer { Self.claimLock.unlock() }
        let time = now().timeIntervalSince1970
        if let last = store.data(forKey: key).flatMap({ Double(String(decoding: $0, as: UTF8.self)) }) {
            if time < last {
                // The clock went back: start the day again from now rather than ping twice.
                try? store.set(Data(String(time).utf8), forKey: key)
                return false
            }
            if time - last < Self.interval { return false }
        }
        // Recorded first: a failure waits for tomorrow, and a store that can't be written means no ping.
        do { try store.set(Data(String(time).utf8), forKey: key) } catch { return false }
        return true
    }
}
