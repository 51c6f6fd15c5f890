import HTTPTypes
import Hummingbird

/// The console's routes in a build without its templates (a binary copied without its resource
/// folder): every path under `/console` answers why, in the API's JSON shape, instead of a 404
/// that looks like a wrong URL. The rest of the server works as usual.
struct ConsoleUnavailable<Context: RequestContext> {
    let error: ConsoleResourcesError

    func addRoutes(to router: Router<Context>) {
        for method in [HTTPRequest.Method.get, .post, .head, .put, .delete, .patch, .options] {
            for path in ["/console", "/console/**"] {
                router.on(RouterPath(path), method: method) { _, _ -> Response in throw error }
            }
        }
    }
}
