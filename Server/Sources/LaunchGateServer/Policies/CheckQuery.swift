import Foundation
@_spi(LaunchGateServer) import LaunchGate

/// What a `/check` request asks about, read from its query string.
///
/// The router reads it from Hummingbird's parsed query, with an error a person can act on for each
/// bad value; the fast path reads it from the raw target and gives up (so the router answers) on
/// anything that could be read two ways. Both then make the same ``CheckAnswerKey``.
struct CheckQuery: Sendable, Equatable {
    /// Languages read from `lang` at the most, each at most 35 bytes (BCP 47's practical limit).
    static let maximumLanguages = 8

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

    /// What a request without `lang` prefers.
    static let defaultLanguages = ["en"]

    /// `lang`'s list: split on commas, trimmed, empty and over-long entries left out, bounded.
    static func languages(from text: Substring?) -> [String] {
        guard let text else { return defaultLanguages }
        return text.split(separator: ",").prefix(maximumLanguages)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0.utf8.count <= 35 }
    }
}

extension CheckQuery {
    /// Reads a raw query string (what follows `?`) for the fast path, or `nil` when the router
    /// must read it: percent-encoding, a fragment, an empty or name-only pair, a name the endpoint
    /// reads given twice, or any value the router would refuse. Names are matched exactly, as
    /// Hummingbird matches them. It works on bytes and makes a string only for each value it
    /// keeps: this runs for every `/check` request the fast path answers.
    init?(rawQuery query: UnsafeRawBufferPointer) {
        var fields = RawQueryFields()
        var start = 0
        while start <= query.count {
            var end = start
            while end < query.count, query[end] != UInt8(ascii: "&") { end += 1 }
            guard fields.read(UnsafeRawBufferPointer(rebasing: query[start..<end])) else { return nil }
            start = end + 1
        }
        func text(_ value: UnsafeRawBufferPointer?) -> String? {
            value.map { String(decoding: $0, as: UTF8.self) }
        }
        guard let versionText = text(fields.version), !versionText.isEmpty,
              let version = try? AppVersion(parsing: versionText) else { return nil }
        self.version = version
        if let text = text(fields.build), !text.isEmpty {
            guard let build = try? BuildNumber(parsing: text) else { return nil }
            self.build = build
        }
        if let text = text(fields.platform), !text.isEmpty {
            guard let platform = try? Platform(validating: text) else { return nil }
            self.platform = platform
        } else {
            platform = .ios
        }
        if let text = text(fields.channel), !text.isEmpty {
            guard let channel = ReleaseChannel(rawValue: text.lowercased()) else { return nil }
            self.channel = channel
        } else {
            channel = .production
        }
        if let text = text(fields.os), !text.isEmpty {
            guard let os = try? AppVersion(parsing: text) else { return nil }
            self.os = os
        }
        install = text(fields.install)
        device = text(fields.device)
        // A raw target holds no spaces or tabs (the head scanner stops at them), so there is
        // nothing to trim: splitting and bounding read `lang` as the router does. Bounded after
        // decoding, as the router bounds it: a byte that is not UTF-8 becomes three.
        languages = fields.lang.map { lang in
            lang.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true).prefix(Self.maximumLanguages)
                .map { String(decoding: UnsafeRawBufferPointer(rebasing: $0), as: UTF8.self) }.filter { $0.utf8.count <= 35 }
        } ?? Self.defaultLanguages
    }

    /// Convenience for tests and callers holding a string.
    init?(rawQuery query: Substring) {
        var query = query
        guard let read = query.withUTF8({ CheckQuery(rawQuery: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = read
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
