import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate

/// `POST /v1/apps/{app}/installs/ping`: the SDK's daily beacon, so installs whose policy reads a
/// CDN answers are counted too. It carries nothing but the `LaunchGate-Client` header.
struct InstallsController<Context: RequestContext> {
    let policies: PolicyService
    let recorder: InstallRecorder?

    func addRoutes(to router: Router<Context>) {
        router.post("/v1/apps/:app/installs/ping") { request, context in
            let app = try context.parameters.require("app")
            guard try await policies.appExists(app) else { throw ServiceError.appNotFound(app) }
            guard let value = request.headers[RequestValues.clientHeader] else { throw InputError.invalidClientHeader("it is missing") }
            guard let header = ClientHeader.parse(value) else {
                throw InputError.invalidClientHeader("it is not the dictionary the SDK sends, or longer than \(ClientHeader.maximumLength) bytes")
            }
            guard let install = header.install, !install.isEmpty, install.count <= ClientHeader.maximumValueLength else {
                throw InputError.invalidClientHeader("it names no install")
            }
            guard let version = header.version, (try? AppVersion(parsing: version)) != nil else {
                throw InputError.invalidClientHeader("its version is missing or not a version")
            }
            guard let platform = header.platform, (try? Platform(validating: platform)) != nil else {
                throw InputError.invalidClientHeader("its platform is missing or unknown")
            }
            // Accepted whether or not it is kept: a full buffer is the server's business, and
            // a client must not retry (the next day's beacon counts it again).
            recorder?.note(app: app, header: value)
            return Response(status: .noContent, headers: [.cacheControl: "no-store"])
        }
    }
}
