import Foundation

/// The cache entry's binary form. JSON decoding alone costs more than the 50 µs launch budget,
/// and the cache is private to the app, so it uses a compact versioned encoding instead: versions
/// and builds as their numbers, so a launch parses no text but the update URL.
/// A different magic or version, or any damage, reads as "no cache": the next check refills it.
extension CachedPolicy {
    // Version 2 added the subject and the exemptions, version 3 wrote versions as numbers,
    // version 4 added the maintenance window, the OS support notice and their texts, and version 5
    // the version each App Store storefront serves and the subject's revision. A version 3 or 4
    // entry still reads (an app updated during a window keeps the cache it had; one without
    // storefronts waits for none until the next check brings them); an older one reads as "no cache".
    private static let magicPrefix: [UInt8] = Array("LGC".utf8)
    private static let formatVersion: UInt8 = 5
    private static let oldestReadableVersion: UInt8 = 3

    /// The screen kinds whose texts an entry of a format version holds, in the order written.
    private static func textKinds(_ version: UInt8) -> [ScreenKind] {
        version >= 4 ? ScreenKind.allCases : ScreenKind.allCases.filter { ![.maintenance, .osSupportEnding].contains($0) }
    }

    func binaryData() -> Data {
        var writer = BinaryWriter()
        for byte in Self.magicPrefix + [Self.formatVersion] { writer.byte(byte) }
        writer.string(source.absoluteString)
        writer.optional(etag) { $0.string($1) }
        writer.optional(digest) { $0.string($1.base64EncodedString()) }
        writer.optional(policy.app) { $0.string($1) }
        writer.optional(policy.issuedAt) { $0.double($1.timeIntervalSince1970) }
        writer.optional(policy.subject) { writer, subject in
            writer.string(subject.app)
            writer.string(subject.channel.rawValue)
            writer.optional(subject.platform) { $0.string($1.rawValue) }
            writer.optional(subject.revision) { $0.int($1) }
        }
        writer.optional(policy.exemptions) { writer, exemptions in
            writer.array(exemptions.installs.sorted()) { $0.string($1) }
            writer.array(exemptions.devices.sorted()) { $0.string($1) }
        }
        writer.array(policy.platforms.sorted { $0.key.rawValue < $1.key.rawValue }) { writer, entry in
            writer.string(entry.key.rawValue)
            Self.write(entry.value, to: &writer)
        }
        return writer.data
    }

    /// Reads an entry.
    /// - Parameters:
    ///   - data: What ``binaryData()`` wrote.
    ///   - expectedSource: The source the caller wants; an entry from any other is refused before
    ///     the rest is read, and the stored URL isn't parsed again when it is this one.
    init(binaryData data: Data, expectedSource: URL? = nil) throws {
        var reader = BinaryReader(data)
        for byte in Self.magicPrefix where try reader.byte() != byte { throw BinaryReader.Malformed() }
        let version = try reader.byte()
        guard (Self.oldestReadableVersion...Self.formatVersion).contains(version) else { throw BinaryReader.Malformed() }
        let sourceText = try reader.string()
        let source: URL
        if let expectedSource {
            guard sourceText == expectedSource.absoluteString else { throw BinaryReader.Malformed() }
            source = expectedSource
        } else {
            guard let parsed = URL(string: sourceText) else { throw BinaryReader.Malformed() }
            source = parsed
        }
        let etag = try reader.optional { try $0.string() }
        let digest = try reader.optional { reader -> Data in
            guard let digest = Data(base64Encoded: try reader.string()) else { throw BinaryReader.Malformed() }
            return digest
        }
        let app = try reader.optional { try $0.string() }
        let issuedAt = try reader.optional { Date(timeIntervalSince1970: try $0.double()) }
        let subject = try reader.optional { reader -> PolicySubject in
            let app = try reader.string()
            guard let channel = ReleaseChannel(rawValue: try reader.string()) else { throw BinaryReader.Malformed() }
            let platform = try reader.optional { reader -> Platform in
                guard let platform = Platform(rawValue: try reader.string()) else { throw BinaryReader.Malformed() }
                return platform
            }
            let revision = version >= 5 ? try reader.optional { try $0.int() } : nil
            return PolicySubject(app: app, channel: channel, platform: platform, revision: revision)
        }
        let exemptions = try reader.optional { reader in
            PolicyExemptions(installs: Set(try reader.array { try $0.string() }), devices: Set(try reader.array { try $0.string() }))
        }
        let entries = try reader.array { reader -> (Platform, PlatformPolicy) in
            guard let platform = Platform(rawValue: try reader.string()) else { throw BinaryReader.Malformed() }
            return (platform, try Self.readPlatform(&reader, version: version))
        }
        guard reader.isAtEnd else { throw BinaryReader.Malformed() }
        let policy = UpdatePolicy(app: app, issuedAt: issuedAt, subject: subject, exemptions: exemptions, platforms: Dictionary(entries, uniquingKeysWith: { $1 }))
        self.init(policy: policy, etag: etag, source: source, digest: digest)
    }

    // MARK: Platform entries

    private static func write(_ entry: PlatformPolicy, to writer: inout BinaryWriter) {
        writer.optional(entry.latest) { writer, latest in
            writeGate(latest.gate, to: &writer)
            writer.optional(latest.releaseDate) { $0.double($1.timeIntervalSince1970) }
            writer.optional(latest.notes) { $0.string($1) }
            writer.optional(latest.minimumOS) { Self.writeVersion($1, to: &$0) }
        }
        writer.optional(entry.required) { writeGate($1, to: &$0) }
        writer.optional(entry.recommended) { writeGate($1, to: &$0) }
        writer.array(entry.blocked.versions) { Self.writeVersion($1, to: &$0) }
        writer.array(entry.blocked.builds) { $0.array($1.components) { $0.int($1) } }
        writer.optional(entry.endOfLife) { writer, eol in writer.optional(eol.message) { $0.string($1) } }
        writer.optional(entry.updateURL) { $0.string($1.absoluteString) }
        writer.string(entry.channel.rawValue)
        writer.array(entry.texts.sorted { $0.key < $1.key }) { writer, text in
            writer.string(text.key)
            for kind in textKinds(formatVersion) {
                writer.optional(text.value[kind]) { writer, screen in
                    writer.optional(screen.title) { $0.string($1) }
                    writer.optional(screen.message) { $0.string($1) }
                }
            }
        }
        writer.double(entry.reminderInterval)
        writer.double(entry.refreshInterval)
        switch entry.rollout {
        case nil: writer.byte(0)
        case .percentage(let value)?: writer.byte(1); writer.double(value)
        case .applePhased?: writer.byte(2)
        }
        writer.optional(entry.maintenance) { writer, window in
            writer.double(window.start.timeIntervalSince1970)
            writer.optional(window.end) { $0.double($1.timeIntervalSince1970) }
            writer.string(window.message)
            writer.optional(window.url) { $0.string($1.absoluteString) }
        }
        writer.optional(entry.osSupportEnds) { writer, notice in
            writeVersion(notice.below, to: &writer)
            writer.double(notice.after.timeIntervalSince1970)
        }
        writer.array(entry.storefronts.sorted { $0.key < $1.key }) { writer, storefront in
            writer.string(storefront.key)
            writeVersion(storefront.value, to: &writer)
        }
    }

    private static func readPlatform(_ reader: inout BinaryReader, version: UInt8) throws -> PlatformPolicy {
        var entry = PlatformPolicy()
        entry.latest = try reader.optional { reader in
            let gate = try readGate(&reader)
            return Release(version: gate.version, build: gate.build,
                           releaseDate: try reader.optional { Date(timeIntervalSince1970: try $0.double()) },
                           notes: try reader.optional { try $0.string() },
                           minimumOS: try reader.optional(readVersion))
        }
        entry.required = try reader.optional(readGate)
        entry.recommended = try reader.optional(readGate)
        entry.blocked = BlockedReleases(versions: try reader.array(readVersion), builds: try reader.array(readBuild))
        entry.endOfLife = try reader.optional { EndOfLife(message: try $0.optional { try $0.string() }) }
        entry.updateURL = try reader.optional { reader in
            guard let url = URL(string: try reader.string()) else { throw BinaryReader.Malformed() }
            return url
        }
        guard let channel = ReleaseChannel(rawValue: try reader.string()) else { throw BinaryReader.Malformed() }
        entry.channel = channel
        let texts = try reader.array { reader -> (String, ScreenTexts) in
            let locale = try reader.string()
            var texts = ScreenTexts()
            for kind in textKinds(version) {
                texts[kind] = try reader.optional { reader in
                    ScreenText(title: try reader.optional { try $0.string() }, message: try reader.optional { try $0.string() })
                }
            }
            return (locale, texts)
        }
        entry.texts = Dictionary(texts, uniquingKeysWith: { $1 })
        entry.reminderInterval = try reader.double()
        entry.refreshInterval = try reader.double()
        switch try reader.byte() {
        case 0: entry.rollout = nil
        case 1: entry.rollout = .percentage(try reader.double())
        case 2: entry.rollout = .applePhased
        default: throw BinaryReader.Malformed()
        }
        guard version >= 4 else { return entry }
        entry.maintenance = try reader.optional { reader in
            let start = Date(timeIntervalSince1970: try reader.double())
            let end = try reader.optional { Date(timeIntervalSince1970: try $0.double()) }
            let message = try reader.string()
            let url = try reader.optional { reader -> URL in
                guard let url = URL(string: try reader.string()) else { throw BinaryReader.Malformed() }
                return url
            }
            return MaintenanceWindow(start: start, end: end, message: message, url: url)
        }
        entry.osSupportEnds = try reader.optional { reader in
            OSSupportEnd(below: try readVersion(&reader), after: Date(timeIntervalSince1970: try reader.double()))
        }
        guard version >= 5 else { return entry }
        let storefronts = try reader.array { reader in (try reader.string(), try readVersion(&reader)) }
        entry.storefronts = Dictionary(storefronts, uniquingKeysWith: { $1 })
        return entry
    }

    private static func writeGate(_ gate: VersionRequirement, to writer: inout BinaryWriter) {
        writer.optional(gate.version) { writeVersion($1, to: &$0) }
        writer.optional(gate.build) { $0.array($1.components) { $0.int($1) } }
    }

    private static func readGate(_ reader: inout BinaryReader) throws -> VersionRequirement {
        VersionRequirement(version: try reader.optional(readVersion), build: try reader.optional(readBuild))
    }

    // MARK: Versions

    /// Components, pre-release identifiers (0 and a number, or 1 and text), metadata and the build.
    private static func writeVersion(_ version: AppVersion, to writer: inout BinaryWriter) {
        writer.array(version.components) { $0.int($1) }
        writer.array(version.prerelease) { writer, identifier in
            switch identifier {
            case .numeric(let value): writer.byte(0); writer.int(value)
            case .alphanumeric(let text): writer.byte(1); writer.string(text)
            }
        }
        writer.array(version.buildMetadata) { $0.string($1) }
        writer.optional(version.build) { $0.array($1.components) { $0.int($1) } }
    }

    /// Reads what ``writeVersion(_:to:)`` wrote; a negative number or an empty identifier is damage.
    private static func readVersion(_ reader: inout BinaryReader) throws -> AppVersion {
        let components = try readNumbers(&reader)
        let prerelease = try reader.array { reader -> PrereleaseIdentifier in
            switch try reader.byte() {
            case 0:
                let value = try reader.int()
                guard value >= 0 else { throw BinaryReader.Malformed() }
                return .numeric(value)
            case 1:
                let text = try reader.string()
                guard !text.isEmpty else { throw BinaryReader.Malformed() }
                return .alphanumeric(text)
            default: throw BinaryReader.Malformed()
            }
        }
        let metadata = try reader.array { try $0.string() }
        let build = try reader.optional(readBuild)
        return AppVersion(components, prerelease: prerelease, buildMetadata: metadata, build: build)
    }

    private static func readBuild(_ reader: inout BinaryReader) throws -> BuildNumber {
        BuildNumber(components: try readNumbers(&reader))
    }

    private static func readNumbers(_ reader: inout BinaryReader) throws -> [Int] {
        let numbers = try reader.array { try $0.int() }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0 >= 0 }) else { throw BinaryReader.Malformed() }
        return numbers
    }
}
