import Foundation
import LaunchGateConsole

extension ConsoleRenderer {
    /// The console over the server's resource bundle, read once per process; without the bundle
    /// (a binary copied on its own), why not, and every console path answers with that error.
    /// Here, beside ``ServerResources``, because the bundle is the server target's: the console
    /// target takes the folder it is given.
    static let bundled: Result<ConsoleRenderer, ConsoleResourcesError> = {
        guard let bundle = ServerResources.bundle else {
            return .failure(.noBundle)
        }
        let folder = (bundle.resourceURL ?? bundle.bundleURL).appendingPathComponent("Console")
        return Result { () throws(ConsoleResourcesError) in try ConsoleRenderer(folder: folder) }
    }()
}
