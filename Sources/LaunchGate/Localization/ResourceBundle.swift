import Foundation

/// Finds a SwiftPM resource bundle without stopping the process when it is missing.
///
/// SwiftPM's generated `Bundle.module` calls `fatalError` when its bundle isn't where the build
/// put it, so a binary copied on its own (a server deployed as one file, on Linux or macOS) would
/// stop at its first resource. Inside an app or a test bundle, where Xcode and SwiftPM always copy
/// the bundle, `Bundle.module` is used as it is, which also finds it in previews. Anywhere else the
/// bundle is searched for beside the executable, and a missing one is `nil`, for the caller to fall
/// back on what it has compiled in.
///
/// ```swift
/// // In a target with resources: the package "LaunchGate", the target "LaunchGate".
/// let bundle = ResourceBundle.locate(named: "LaunchGate_LaunchGate", module: Bundle.module)
/// let url = bundle?.url(forResource: "fr", withExtension: "json", subdirectory: "Strings")
/// ```
@_spi(LaunchGateServer) public enum ResourceBundle {
    /// The resource bundle of a SwiftPM target, or `nil` when it isn't there.
    /// - Parameters:
    ///   - name: The bundle's name without its extension, as SwiftPM makes it: `PACKAGE_TARGET`.
    ///   - module: The target's `Bundle.module`, evaluated only inside an app or a test bundle on
    ///     Apple platforms (it is internal to each target, so the caller passes its own).
    ///   - anchor: A class of the target, whose bundle's folder is searched too: where `swift test`
    ///     on macOS keeps resource bundles, beside the test bundle.
    /// - Returns: The bundle from `Bundle.module` inside an app or a test bundle; otherwise the first
    ///   `NAME.resources` (and on Apple platforms `NAME.bundle`) found in the main bundle's resources,
    ///   beside it, beside the executable, or beside the anchor's bundle.
    public static func locate(named name: String, module: @autoclosure () -> Bundle, anchor: AnyClass? = nil) -> Bundle? {
        #if canImport(Darwin)
        if ["app", "xctest", "appex"].contains(Bundle.main.bundleURL.pathExtension) {
            return module()
        }
        let names = [name + ".bundle", name + ".resources"]
        #else
        let names = [name + ".resources"]
        #endif
        var places = [Bundle.main.resourceURL, Bundle.main.bundleURL, Bundle.main.executableURL?.deletingLastPathComponent()]
        if let anchor { places.append(Bundle(for: anchor).bundleURL.deletingLastPathComponent()) }
        for place in places.compactMap({ $0 }) {
            for name in names {
                if let bundle = Bundle(url: place.appendingPathComponent(name)) { return bundle }
            }
        }
        return nil
    }
}
