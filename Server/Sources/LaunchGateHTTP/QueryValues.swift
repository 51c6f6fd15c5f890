import LaunchGate

/// Query parameter values read into LaunchGate types, with errors a person can act on.
package enum QueryValues {
    /// `platform`: `fallback` when missing or empty.
    package static func platform(_ name: String?, default fallback: Platform? = .ios) throws -> Platform? {
        guard let name, !name.isEmpty else { return fallback }
        do { return try Platform(validating: name) } catch let error as PolicyError {
            throw InputError.unknownPlatform(error.reason)
        }
    }

    /// `channel`, in any case: production when missing or empty.
    package static func channel(_ name: String?) throws -> ReleaseChannel {
        guard let name, !name.isEmpty else { return .production }
        guard let channel = ReleaseChannel(rawValue: name.lowercased()) else {
            throw InputError.unknownChannel(name)
        }
        return channel
    }

    /// `channel` as a filter: `nil` (every channel) when missing or empty.
    package static func channelFilter(_ name: String?) throws -> ReleaseChannel? {
        guard let name, !name.isEmpty else { return nil }
        return try channel(name)
    }

    /// A version parameter called `name`: `nil` when missing or empty.
    package static func version(_ text: String?, name: String) throws -> AppVersion? {
        guard let text, !text.isEmpty else { return nil }
        do { return try AppVersion(parsing: text) } catch let error as VersionParseError {
            throw InputError.invalidVersion(name, error.description)
        }
    }
}
