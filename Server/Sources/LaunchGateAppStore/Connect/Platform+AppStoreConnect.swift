import LaunchGate

extension Platform {
    /// App Store Connect's `platform` filter for this platform; `nil` where the App Store is not
    /// where it ships (Android). iPadOS and watchOS apps ship in the iOS app.
    var appStoreConnectPlatform: String? {
        switch self {
        case .ios, .ipados, .watchos: "IOS"
        case .macos: "MAC_OS"
        case .tvos: "TV_OS"
        case .visionos: "VISION_OS"
        case .android: nil
        }
    }
}
