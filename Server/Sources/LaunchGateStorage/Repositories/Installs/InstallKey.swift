import Foundation
import LaunchGate

/// An install's identity within storage.
struct InstallKey: Sendable, Hashable {
    var appID: String
    var platform: Platform
    var installHash: String
}
