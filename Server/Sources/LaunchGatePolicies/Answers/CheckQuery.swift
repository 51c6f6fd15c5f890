import Foundation
@_spi(LaunchGateServer) import LaunchGate

/// What a `/check` request asks about, read from its query string.
///
/// Read from Hummingbird's parsed query (``init(uri:)``), with an error a person can act on for
/// each bad value, by the router and the hot path alike, so both make the same ``CheckAnswerKey``.
package struct CheckQuery: Sendable, Equatable {
    /// Languages read from `lang` at the most, each at most 35 bytes (BCP 47's practical limit).
    package static let maximumLanguages = 8

    package var version: AppVersion
    package var build: BuildNumber?
    package var platform: Platform
    package var channel: ReleaseChannel
    package var os: AppVersion?
    /// As sent, even when empty: only a missing `install` falls back to the client header.
    package var install: String?
    /// As sent; a missing one falls back to the client header.
    package var device: String?
    /// The preferred languages, `en` when `lang` is missing, none when it is empty.
    package var languages: [String]

    /// Creates the value from its properties.
    package init(version: AppVersion, build: BuildNumber? = nil, platform: Platform, channel: ReleaseChannel, os: AppVersion? = nil, install: String? = nil, device: String? = nil, languages: [String]) {
        self.version = version
        self.build = build
        self.platform = platform
        self.channel = channel
        self.os = os
        self.install = install
        self.device = device
        self.languages = languages
    }

    /// What a request without `lang` prefers.
    static let defaultLanguages = ["en"]

    /// `lang`'s list: split on commas, trimmed, empty and over-long entries left out, bounded.
    package static func languages(from text: Substring?) -> [String] {
        guard let text else { return defaultLanguages }
        return text.split(separator: ",").prefix(maximumLanguages)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0.utf8.count <= 35 }
    }
}

extension CheckQuery {
    /// The install and device IDs: the query's, else the client header's; an install ID that
    /// neither names is empty, which no exemption or rollout bucket singles out.
    package func identity(header: () -> ClientHeader?) -> (install: String, device: String?) {
        if let install, let device { return (install, device) }
        let parsed = header()
        return (install ?? parsed?.install ?? "", device ?? parsed?.device)
    }
}
