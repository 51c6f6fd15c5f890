import Foundation

/// What a window's installs are counted by: the keys of one list of an adoption report, or the
/// whole group the impact of a policy is evaluated over.
public enum InstallShareDimension: String, Sendable, CaseIterable {
    /// Per platform and version.
    case version
    /// Per platform, version and build.
    case build
    /// Per platform and OS version.
    case os
    /// Per platform, version, build and OS: one group, whatever its days.
    case group

    /// The `install_groups` columns that make one key, in the order entries tie-break on.
    package var columns: [String] {
        switch self {
        case .version: ["platform", "version"]
        case .build: ["platform", "version", "build"]
        case .os: ["platform", "os"]
        case .group: ["platform", "version", "build", "os"]
        }
    }
}
