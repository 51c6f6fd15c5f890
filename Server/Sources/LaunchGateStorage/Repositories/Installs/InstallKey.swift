import Foundation
import LaunchGate

/// An install's identity within storage.
package struct InstallKey: Sendable, Hashable {
    package var appID: String
    package var platform: Platform
    package var installHash: String
}
