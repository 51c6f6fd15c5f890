import Foundation

/// What the evaluator knows about the running app and device.
public struct EvaluationContext: Sendable, Hashable {
    /// The installed marketing version (`CFBundleShortVersionString`).
    public var version: AppVersion
    /// The installed build (`CFBundleVersion`), if known.
    public var build: BuildNumber?
    /// The platform the app runs on.
    public var platform: Platform
    /// The OS version, if known; without it minimum-OS checks pass.
    public var osVersion: AppVersion?
    /// A random ID for this install, stable across launches and not tied to the user.
    public var installID: String
    /// The device's ID (for example `identifierForVendor`), if the app shares one; matched against
    /// the policy's hashed device exemptions and nothing else.
    public var deviceID: String?
    /// The user's preferred languages, most preferred first (`Locale.preferredLanguages`).
    public var preferredLanguages: [String]
    /// The current time.
    public var now: Date
    /// The App Store storefront the device buys from (StoreKit's `Storefront.current` on Apple
    /// platforms); `nil` when unknown, which waits for the slowest storefront a policy lists.
    public var storefront: Storefront?

    /// Creates a context.
    /// - Parameters:
    ///   - version: The installed version.
    ///   - build: The installed build.
    ///   - platform: The platform.
    ///   - osVersion: The OS version.
    ///   - installID: The install's random ID.
    ///   - deviceID: The device's ID, if shared.
    ///   - preferredLanguages: Preferred languages, most preferred first.
    ///   - now: The current time.
    ///   - storefront: The device's App Store storefront, if known.
    public init(
        version: AppVersion, build: BuildNumber? = nil, platform: Platform = .ios, osVersion: AppVersion? = nil,
        installID: String = "", deviceID: String? = nil, preferredLanguages: [String] = ["en"], now: Date,
        storefront: Storefront? = nil
    ) {
        self.version = version
        self.build = build
        self.platform = platform
        self.osVersion = osVersion
        self.installID = installID
        self.deviceID = deviceID
        self.preferredLanguages = preferredLanguages
        self.now = now
        self.storefront = storefront
    }
}
