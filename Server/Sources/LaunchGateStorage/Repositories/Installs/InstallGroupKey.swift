import Foundation
import LaunchGate

/// Installs last seen on one day running one version, build and OS.
package struct InstallGroupKey: Sendable, Hashable {
    package var version: String
    package var build: String
    package var os: String
    package var day: Int
}
