import Foundation

/// A marketing version such as `2.4.1`, `10.10.5`, `2.0.0-beta.2` or `1.0.3 (6)`.
///
/// Any number of numeric components is accepted and missing ones count as zero, so
/// `1.2 == 1.2.0`. Ordering follows SemVer 2.0.0 §11 precedence: numbers compare as numbers
/// (`1.10 > 1.9`), a pre-release sorts below its release, and build metadata (`+45`) and the
/// parenthesized build (`(6)`) do not count.
///
/// ```swift
/// let installed = try AppVersion(parsing: "1.9.0")
/// let minimum: AppVersion = "1.10.0"
/// installed < minimum // true
/// ```
public struct AppVersion: Sendable, CustomStringConvertible {
    /// The longest input accepted, not counting spaces; real versions are a few dozen characters at most.
    public static let maximumLength = 256

    /// The numeric release components, as written (`[2, 4, 1]` for `2.4.1`).
    public let components: [Int]
    /// The SemVer pre-release identifiers (`["beta", 2]` for `2.0.0-beta.2`); empty for a release.
    public let prerelease: [PrereleaseIdentifier]
    /// The SemVer build metadata (`["45"]` for `1.0.0+45`); ignored for ordering and equality.
    public let buildMetadata: [String]
    /// The build from the `1.0.3 (6)` form; ignored for ordering and equality.
    public let build: BuildNumber?

    /// Creates a version from its parts.
    /// - Parameters:
    ///   - components: The numeric components; an empty array means `0`.
    ///   - prerelease: The pre-release identifiers.
    ///   - buildMetadata: The build metadata identifiers.
    ///   - build: A build number carried alongside, as in `1.0.3 (6)`.
    public init(
        _ components: [Int],
        prerelease: [PrereleaseIdentifier] = [],
        buildMetadata: [String] = [],
        build: BuildNumber? = nil
    ) {
        self.components = components.isEmpty ? [0] : components
        self.prerelease = prerelease
        self.buildMetadata = buildMetadata
        self.build = build
    }

    /// The major component.
    public var major: Int { components[0] }
    /// The minor component, 0 when absent.
    public var minor: Int { components.count > 1 ? components[1] : 0 }
    /// The patch component, 0 when absent.
    public var patch: Int { components.count > 2 ? components[2] : 0 }
    /// Whether this is a pre-release (`2.0.0-rc.1`).
    public var isPrerelease: Bool { !prerelease.isEmpty }

    /// The version without pre-release, metadata or build: what a screen shows as "version 2.4.1".
    public var release: AppVersion { AppVersion(components) }

    /// The canonical text: components, then `-pre-release`, then `+metadata`, then ` (build)`.
    public var description: String {
        var text = components.map(String.init).joined(separator: ".")
        if !prerelease.isEmpty { text += "-" + prerelease.map(\.description).joined(separator: ".") }
        if !buildMetadata.isEmpty { text += "+" + buildMetadata.joined(separator: ".") }
        if let build { text += " (\(build))" }
        return text
    }
}
