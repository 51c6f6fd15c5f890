import Foundation

/// The installed app and device, as the evaluator and the server see them.
public struct AppInfo: Sendable, Hashable {
    /// The marketing version (`CFBundleShortVersionString`).
    public var version: AppVersion
    /// The build (`CFBundleVersion`).
    public var build: BuildNumber?
    /// The platform.
    public var platform: Platform
    /// The OS version.
    public var osVersion: AppVersion?
    /// The user's languages, most preferred first.
    public var preferredLanguages: [String]
    /// The device's ID (for example `identifierForVendor`), if the app chooses to share one: it is
    /// matched against the policy's device exemptions and sent in the client header.
    public var deviceID: String?
    /// The device's formatting locale (its region, calendar and numbering system), for the dates
    /// screens show, in the texts' language; `nil` writes them as the texts' language alone would.
    public var locale: Locale?
    /// The App Store storefront the device buys from; `nil` when unknown, which waits for the
    /// slowest storefront a policy lists. StoreKit reads it asynchronously, so the adapters set it
    /// once known with ``UpdateMonitor/setStorefront(_:)``; set it here to inject one (a test,
    /// `launchgate simulate --storefront`).
    public var storefront: Storefront?
    /// The device's time zone, for the times screens show (when a maintenance window ends);
    /// `nil` writes them in UTC and says so. ``current(bundle:platform:)`` gives the
    /// auto-updating one, so a screen drawn after the user changes zone uses the new one.
    public var timeZone: TimeZone?
    /// Whether this is a simulated device (`launchgate simulate`): its client header says so, and
    /// a LaunchGate server leaves its reads and pings out of adoption and the publish guard. SPI,
    /// set by the simulator only, so no app can ship with it set.
    @_spi(LaunchGateServer) public var isSimulated = false

    /// Creates app info.
    /// - Parameters:
    ///   - version: The marketing version.
    ///   - build: The build.
    ///   - platform: The platform.
    ///   - osVersion: The OS version.
    ///   - preferredLanguages: The user's languages.
    ///   - deviceID: The device's ID, if the app shares one.
    ///   - locale: The device's formatting locale, for dates on screens.
    ///   - storefront: The device's App Store storefront, if known.
    ///   - timeZone: The device's time zone, for times on screens.
    public init(version: AppVersion, build: BuildNumber? = nil, platform: Platform = .ios,
                osVersion: AppVersion? = nil, preferredLanguages: [String] = ["en"], deviceID: String? = nil,
                locale: Locale? = nil, storefront: Storefront? = nil, timeZone: TimeZone? = nil) {
        self.storefront = storefront
        self.locale = locale
        self.timeZone = timeZone
        self.version = version
        self.build = build
        self.platform = platform
        self.osVersion = osVersion
        self.preferredLanguages = preferredLanguages
        self.deviceID = deviceID
    }

    /// Reads the running app from its bundle and the process.
    /// - Parameters:
    ///   - bundle: The app's bundle.
    ///   - platform: The platform; the compile-time platform by default.
    /// - Returns: The app info.
    /// - Throws: ``VersionParseError`` when the bundle's version is missing or malformed.
    public static func current(bundle: Bundle = .main, platform: Platform = .compiled) throws -> AppInfo {
        let short = bundle.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? ""
        let build = (bundle.object(forInfoDictionaryKey: "CFBundleVersion") as? String).flatMap { try? BuildNumber(parsing: $0) }
        let os = ProcessInfo.processInfo.operatingSystemVersion
        return AppInfo(
            version: try AppVersion(parsing: short), build: build, platform: platform,
            osVersion: AppVersion([os.majorVersion, os.minorVersion, os.patchVersion]),
            preferredLanguages: Locale.preferredLanguages, locale: .current,
            timeZone: .autoupdatingCurrent
        )
    }

    /// The value of the `LaunchGate-Client` request header: an RFC 8941 dictionary that tells the
    /// server the version, build, platform, OS, the random install ID and, when shared, the device ID.
    /// - Parameter installID: The install's random ID.
    /// - Returns: For example `version="2.4.1", build="241", platform="ios", os="17.4.0", install="…"`.
    public func clientHeader(installID: String) -> String {
        ClientHeader(app: self, installID: installID).rendered()
    }

    /// The name of the header ``clientHeader(installID:)`` fills: `LaunchGate-Client`.
    public static let clientHeaderName = ClientHeader.name
}

extension Platform {
    /// The platform this code was compiled for (Linux builds report iOS, for tests and tools).
    public static var compiled: Platform {
        #if os(macOS)
        .macos
        #elseif os(tvOS)
        .tvos
        #elseif os(watchOS)
        .watchos
        #elseif os(visionOS)
        .visionos
        #else
        .ios
        #endif
    }
}
