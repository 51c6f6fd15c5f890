import Foundation
import LaunchGate

/// Installs of one key of an ``InstallShareDimension`` within a window: a version, a version and
/// build, an OS version, or a whole group. Fields outside the dimension are `nil`.
public struct InstallShareCount: Sendable, Hashable {
    /// The platform.
    public var platform: Platform
    /// The marketing version, for ``InstallShareDimension/version``, `build` and `group`.
    public var version: String?
    /// The build (`""` when unknown), for ``InstallShareDimension/build`` and `group`.
    public var build: String?
    /// The OS version (`""` when unknown), for ``InstallShareDimension/os`` and `group`.
    public var os: String?
    /// How many installs.
    public var installs: Int

    /// Ranking: most installs first, then by platform, version, build and OS in byte order, the
    /// order ``SQLInstallRepository`` sorts in, so pages are the same on every backend.
    package static func ranked(_ left: InstallShareCount, _ right: InstallShareCount) -> Bool {
        if left.installs != right.installs { return left.installs > right.installs }
        func bytes(_ text: String?) -> [UInt8] { Array((text ?? "").utf8) }
        for (l, r) in [(left.platform.rawValue, right.platform.rawValue), (left.version ?? "", right.version ?? ""),
                       (left.build ?? "", right.build ?? ""), (left.os ?? "", right.os ?? "")] where l != r {
            return bytes(l).lexicographicallyPrecedes(bytes(r))
        }
        return false
    }
}

extension InstallShareCount {
    /// The key of `group` in `dimension`, counting `installs`.
    init(_ group: InstallGroup, by dimension: InstallShareDimension, installs: Int) {
        self.init(platform: group.platform, installs: installs)
        switch dimension {
        case .version: version = group.version
        case .build: (version, build) = (group.version, group.build)
        case .os: os = group.os
        case .group: (version, build, os) = (group.version, group.build, group.os)
        }
    }
}
