import Foundation

/// The server's package resources (`openapi.yaml`), found without SwiftPM's `Bundle.module`.
///
/// On Linux the bundle is a folder beside the executable (`LaunchGateServer_LaunchGateServer.resources`).
/// A release binary copied on its own must still serve: the generated `Bundle.module` stops the
/// process when the folder is missing, so it is searched for here instead, and a missing bundle
/// only makes `/openapi.yaml` answer 404. `scripts/release` ships the folder beside the binary.
enum ServerResources {
    /// The bundle's folder name, as SwiftPM names it.
    static let bundleName = "LaunchGateServer_LaunchGateServer.resources"

    /// The bundle, or `nil` when it isn't there.
    static let bundle: Bundle? = {
        #if canImport(Darwin)
        return Bundle.module
        #else
        let places = [Bundle.main.resourceURL, Bundle.main.bundleURL, Bundle.main.executableURL?.deletingLastPathComponent()]
        for place in places.compactMap({ $0 }) {
            if let bundle = Bundle(url: place.appendingPathComponent(bundleName)) { return bundle }
        }
        return nil
        #endif
    }()

    /// The contents of a resource file, or `nil` when it or the bundle is missing.
    static func data(_ name: String, extension: String) -> Data? {
        bundle?.url(forResource: name, withExtension: `extension`).flatMap { try? Data(contentsOf: $0) }
    }
}
