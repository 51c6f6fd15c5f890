/// The `LaunchGate-Client` request header: one type renders it (in the SDK) and parses it (on the server).
///
/// On the wire it is the subset of an RFC 8941 structured-field dictionary the SDK sends: members
/// `key="string"` (or a bare token or integer) separated by commas, no parameters, no inner lists:
///
/// ```
/// LaunchGate-Client: version="2.4.1", build="241", platform="ios", os="17.4.0", install="…", device="…"
/// ```
///
/// ```swift
/// let value = ClientHeader(app: try AppInfo.current(), installID: monitor.installIdentifier).rendered()
/// let parsed = ClientHeader.parse(value)   // nil on anything malformed or oversized
/// ```
@_spi(LaunchGateServer) public struct ClientHeader: Sendable, Hashable {
    /// The header's name.
    public static let name = "LaunchGate-Client"
    /// The longest header value parsed, in bytes; longer values are refused whole.
    public static let maximumLength = 1_024
    /// The most dictionary members parsed; more are refused whole.
    public static let maximumMembers = 16
    /// The longest single value rendered or parsed, in characters.
    public static let maximumValueLength = 256

    /// The app's marketing version.
    public var version: String?
    /// The app's build.
    public var build: String?
    /// The platform's key, such as `ios`.
    public var platform: String?
    /// The OS version.
    public var os: String?
    /// The install's random ID.
    public var install: String?
    /// The device's ID, when the app shares one.
    public var device: String?
    /// Whether the install is a simulated device (`launchgate simulate`), which a server leaves
    /// out of adoption and the publish guard. Sent as `simulated=1`, and only when set.
    public var simulated: Bool

    /// Creates a header value from its fields; `nil` fields are left out.
    /// - Parameters:
    ///   - version: The marketing version.
    ///   - build: The build.
    ///   - platform: The platform key.
    ///   - os: The OS version.
    ///   - install: The install ID.
    ///   - device: The device ID.
    ///   - simulated: Whether the install is a simulated device.
    public init(version: String? = nil, build: String? = nil, platform: String? = nil, os: String? = nil,
                install: String? = nil, device: String? = nil, simulated: Bool = false) {
        self.version = version
        self.build = build
        self.platform = platform
        self.os = os
        self.install = install
        self.device = device
        self.simulated = simulated
    }

    /// The header an app sends.
    /// - Parameters:
    ///   - app: The installed app and device.
    ///   - installID: The install's random ID.
    public init(app: AppInfo, installID: String) {
        self.init(version: app.version.description, build: app.build?.description, platform: app.platform.rawValue,
                  os: app.osVersion?.description, install: installID, device: app.deviceID, simulated: app.isSimulated)
    }

    /// The fields in wire order, leaving out `nil` ones.
    private var fields: [(String, String)] {
        [("version", version), ("build", build), ("platform", platform), ("os", os), ("install", install), ("device", device)]
            .compactMap { name, value in value.map { (name, $0) } }
    }

    /// The header's value. Characters a structured-field string can't carry (non-ASCII, controls)
    /// are dropped, and each value is cut at ``maximumValueLength``, so the result always parses.
    /// - Returns: For example `version="2.4.1", build="241", platform="ios", os="17.4.0", install="…"`.
    public func rendered() -> String {
        // An integer rather than RFC 8941's `?1`: servers of before this member parse the subset
        // without booleans, and skip a member they don't know.
        let flags = simulated ? ["simulated=1"] : []
        return (fields.map { name, value in
            var quoted = "\""
            for scalar in value.unicodeScalars.filter({ (0x20...0x7E).contains($0.value) }).prefix(Self.maximumValueLength) {
                if scalar == "\"" || scalar == "\\" { quoted.append("\\") }
                quoted.unicodeScalars.append(scalar)
            }
            return name + "=" + quoted + "\""
        } + flags).joined(separator: ", ")
    }

    /// Parses a header value. Pure, bounded and total: safe to fuzz.
    /// - Parameter value: The header's value as received.
    /// - Returns: The known fields (unknown members are skipped), or `nil` when the value is
    ///   longer than ``maximumLength``, has more than ``maximumMembers`` members, or is not the
    ///   dictionary subset described above.
    public static func parse(_ value: String) -> ClientHeader? {
        guard let members = parseMembers(value) else { return nil }
        return ClientHeader(version: members["version"], build: members["build"], platform: members["platform"],
                            os: members["os"], install: members["install"], device: members["device"],
                            simulated: members["simulated"] == "1")
    }

    /// Parses the dictionary subset into its members, as raw strings; the last of a repeated key wins (RFC 8941).
    /// - Parameter value: The header's value.
    /// - Returns: Every member, or `nil` when the value is malformed or over a limit.
    public static func parseMembers(_ value: String) -> [String: String]? {
        var parser = ClientHeaderParser(value)
        return parser.dictionary()
    }
}
