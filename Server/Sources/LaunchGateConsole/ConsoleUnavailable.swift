import HTTPTypes
import Hummingbird

/// The console's routes in a build without its templates (a binary copied without its resource
/// folder, or one that belongs to another version): every path under `/console` answers why, in
/// the API's JSON shape with `503`, instead of a 404 that looks like a wrong URL and that caches
/// may keep. The rest of the server works as usual.
package struct ConsoleUnavailable<Context: RequestContext> {
    package let error: ConsoleResourcesError

    /// Creates the value from its properties.
    package init(error: ConsoleResourcesError) {
        self.error = error
    }

    /// The routes it answers, which the composition root adds to the router.
    package var routes: RouteCollection<Context> {
        let router = RouteCollection(context: Context.self)
        for method in HTTPRequest.Method.answeredByConsole {
            for path in ["/console", "/console/**"] {
                router.on(RouterPath(path), method: method) { _, _ -> Response in throw error }
            }
        }
        return router
    }
}
