import Foundation

extension LaunchFlow {
    /// The URL of an app's policy on a LaunchGate server: `{server}/v1/apps/{appID}/policy?platform=…`,
    /// with `&channel=…` for any channel but production.
    ///
    /// ```swift
    /// LaunchFlow.policyURL(server: URL(string: "https://updates.example.com")!, appID: "notes", platform: .ios)
    /// // https://updates.example.com/v1/apps/notes/policy?platform=ios
    /// ```
    /// - Parameters:
    ///   - server: The server's base URL; a path in it (`https://example.com/launchgate`) is kept.
    ///   - appID: The app's ID on the server, as `launchgate apps create` named it.
    ///   - channel: The release channel.
    ///   - platform: The platform whose policy is read; the one the app runs on in a setup.
    /// - Returns: The URL, or `nil` when the app ID is empty or holds a `/`, `?` or `#`.
    nonisolated public static func policyURL(server: URL, appID: String, channel: ReleaseChannel = .production,
                                             platform: Platform) -> URL? {
        guard !appID.isEmpty, !appID.contains(where: { "/?#".contains($0) }),
              var components = URLComponents(url: server, resolvingAgainstBaseURL: false) else { return nil }
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = base + "/v1/apps/\(appID)/policy"
        var query = [URLQueryItem(name: "platform", value: platform.rawValue)]
        if channel != .production { query.append(URLQueryItem(name: "channel", value: channel.rawValue)) }
        components.queryItems = query
        return components.url
    }
}
