import Foundation

@_spi(LaunchGateServer) import LaunchGate

/// The server's package resources (`openapi.yaml`), found without SwiftPM's `Bundle.module`.
///
/// The bundle is a folder beside the executable (`LaunchGateServer_LaunchGateServer.resources`,
/// or `.bundle` on macOS). A release binary copied on its own must still serve: the generated
/// `Bundle.module` stops the process when the folder is missing, so the core's
/// ``ResourceBundle`` searches for it instead, and a missing bundle only makes `/openapi.yaml`
/// answer 404. `scripts/release` ships the folder beside the binary.
enum ServerResources {
    /// The bundle, or `nil` when it isn't there.
    static let bundle = ResourceBundle.locate(named: "LaunchGateServer_LaunchGateServer", module: Bundle.module)

    /// The contents of a resource file, or `nil` when it or the bundle is missing.
    static func data(_ name: String, extension: String) -> Data? {
        bundle?.url(forResource: name, withExtension: `extension`).flatMap { try? Data(contentsOf: $0) }
    }
}
