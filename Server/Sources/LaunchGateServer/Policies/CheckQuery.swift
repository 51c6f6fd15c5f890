import Foundation
import LaunchGate

/// What a `/check` request asks about, read from its query string.
///
/// The router reads it from Hummingbird's parsed query, with an error a person can act on for each
/// bad value; the fast path reads it from the raw target and gives up (so the router answers) on
/// anything that could be read two ways. Both then make the same ``CheckAnswerKey``.
struct CheckQuery: Sendable, Equatable {
    /// Languages read from `lang` at the most, each at most 35 bytes (BCP 47's practical limit).
    static let maximumLanguages = 8
    /// The names the endpoint reads; any other name is ignored, as the router ignores it.
    static let names: [Substring] = ["version", "build", "platform", "channel", "os", "install", "device", "lang"]

    var version: AppVersion
    var build: BuildNumber?
    var platform: Platform
    var channel: ReleaseChannel
    var os: AppVersion?
    /// As sent, even when empty: only a missing `install` falls back to the client header.
    var install: String?
    /// As sent; a missing one falls back to the client header.
    var device: String?
    /// The preferred languages, `en` when `lang` is missing, none when it is empty.
    var languages: [String]

    /// `lang`'s list: split on commas, trimmed, empty and over-long entries left out, bounded.
    static func languages(from text: Substring?) -> [String] {
        (text ?? "en").split(separator: ",").prefix(maximumLanguages)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0.utf8.count <= 35 }
    }
}

extension CheckQuery {
    /// Reads a raw query string (what follows `?`) for the fast path, or `nil` when the router
    /// must read it: percent-encoding, a fragment, an empty or name-only pair, a name the endpoint
    /// reads given twice, or any value the router would refuse. Names are matched exactly, as
    /// Hummingbird matches them.
    init?(rawQuery query: Substring) {
        guard !query.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "#") }) else { return nil }
        var values = [Substring?](repeating: nil, count: Self.names.count)
        for pair in query.split(separator: "&", omittingEmptySubsequences: false) {
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            let name = pair[..<equals]
            guard !name.isEmpty else { return nil }
            guard let index = Self.names.firstIndex(of: name) else { continue }
            guard values[index] == nil else { return nil }
            values[index] = pair[pair.index(after: equals)...]
        }
        func value(_ name: Substring) -> Substring? { values[Self.names.firstIndex(of: name)!] }
        guard let versionText = value("version"), !versionText.isEmpty,
              let version = try? AppVersion(parsing: String(versionText)) else { return nil }
        self.version = version
        if let text = value("build"), !text.isEmpty {
            guard let build = try? BuildNumber(parsing: String(text)) else { return nil }
            self.build = build
        }
        if let text = value("platform"), !text.isEmpty {
            guard let platform = try? Platform(validating: String(text)) else { return nil }
            self.platform = platform
        } else {
            platform = .ios
        }
        if let text = value("channel"), !text.isEmpty {
            guard let channel = ReleaseChannel(rawValue: text.lowercased()) else { return nil }
            self.channel = channel
        } else {
            channel = .production
        }
        if let text = value("os"), !text.isEmpty {
            guard let os = try? AppVersion(parsing: String(text)) else { return nil }
            self.os = os
        }
        install = value("install").map(String.init)
        device = value("device").map(String.init)
        languages = Self.languages(from: value("lang"))
    }
}

extension CheckQuery {
    /// The install and device IDs: the query's, else the client header's; an install ID that
    /// neither names is empty, which no exemption or rollout bucket singles out.
    func identity(header: () -> ClientHeader?) -> (install: String, device: String?) {
        if let install, let device { return (install, device) }
        let parsed = header()
        return (install ?? parsed?.install ?? "", device ?? parsed?.device)
    }
}
