@_spi(LaunchGateServer) extension ClientHeader {
    /// The longest marketing version counted as an install's, in its canonical form (``AppVersion/description``).
    public static let maximumInstallVersionLength = 64
    /// The longest build counted as an install's, in its canonical form (``BuildNumber/description``).
    public static let maximumInstallBuildLength = 32
    /// The longest OS version counted as an install's, in its canonical form.
    public static let maximumInstallOSLength = 32
    /// The longest install ID accepted. The SDK's own is a UUID (36 characters); an app may
    /// make its own, so there is room, but a server stores only a fixed-size HMAC of it.
    public static let maximumInstallIDLength = 128

    /// What a header says about one install, checked strictly: the fields a server may count
    /// and store, in canonical form, each within its length.
    public struct Install: Sendable, Hashable {
        /// The marketing version.
        public let version: AppVersion
        /// The build, `nil` when the header names none.
        public let build: BuildNumber?
        /// The platform.
        public let platform: Platform
        /// The OS version, plain numbers only (`17.4.1`); `nil` when the header names none.
        public let os: AppVersion?
        /// The install's random ID, as sent.
        public let installID: String
    }

    /// The install this header describes, or why it describes none.
    ///
    /// Stricter than what the SDK parses for itself, because a server stores what it returns:
    /// the version, build and OS must parse and fit ``maximumInstallVersionLength``,
    /// ``maximumInstallBuildLength`` and ``maximumInstallOSLength`` written canonically; the OS
    /// must be plain numbers (at most four); the install ID must be 1 to
    /// ``maximumInstallIDLength`` characters. A build or OS that is present but wrong refuses
    /// the whole header: the SDK never sends one, so whoever did is not to be counted.
    /// - Returns: The install, or the first problem, in words a client's developer can act on.
    public func checkedInstall() -> Result<Install, InstallProblem> {
        guard let id = install, !id.isEmpty, id.utf8.count <= Self.maximumInstallIDLength else {
            return .failure(InstallProblem("its install ID is missing or longer than \(Self.maximumInstallIDLength) characters"))
        }
        guard let text = version, let parsed = try? AppVersion(parsing: text), parsed.description.utf8.count <= Self.maximumInstallVersionLength else {
            return .failure(InstallProblem("its version is missing, not a version, or longer than \(Self.maximumInstallVersionLength) characters"))
        }
        guard let name = platform, let platform = try? Platform(validating: name) else {
            return .failure(InstallProblem("its platform is missing or unknown"))
        }
        var build: BuildNumber?
        if let text = self.build {
            guard let parsed = try? BuildNumber(parsing: text), parsed.description.utf8.count <= Self.maximumInstallBuildLength else {
                return .failure(InstallProblem("its build is not a build number (such as 241 or 1.4.2) of at most \(Self.maximumInstallBuildLength) characters"))
            }
            build = parsed
        }
        var os: AppVersion?
        if let text = self.os {
            guard let parsed = try? AppVersion(parsing: text), parsed.prerelease.isEmpty, parsed.buildMetadata.isEmpty, parsed.build == nil,
                  parsed.components.count <= 4, parsed.description.utf8.count <= Self.maximumInstallOSLength else {
                return .failure(InstallProblem("its os is not an OS version (such as 17.4.1) of at most \(Self.maximumInstallOSLength) characters"))
            }
            os = parsed
        }
        return .success(Install(version: parsed, build: build, platform: platform, os: os, installID: id))
    }

    /// Why a header describes no install a server may count.
    public struct InstallProblem: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, as "its version is missing…", to follow "The LaunchGate-Client header is invalid: ".
        public let reason: String

        init(_ reason: String) { self.reason = reason }

        /// See ``reason``.
        public var description: String { reason }
    }
}
