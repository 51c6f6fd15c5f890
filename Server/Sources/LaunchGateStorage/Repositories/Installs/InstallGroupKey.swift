import Foundation
import LaunchGate

/// Installs last seen on one day running one version, build and OS.
struct InstallGroupKey: Sendable, Hashable {
    var version: String
    var build: String
    var os: String
    var day: Int
}
