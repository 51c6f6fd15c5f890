import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateAppStore
import LaunchGateHTTP
import LaunchGateStorage

/// `/v1/admin/apps/{app}/appstore/credentials`: an app's App Store Connect key, write-only. PUT and
/// DELETE need the admin scope; GET (read scope) says only whether a key is set, and its IDs.
struct AppStoreCredentialsController<Context: RemoteAddressRequestContext> {
    let keys: AppStoreConnectKeys
    let authenticator: AdminAuthenticator

    struct Put: Decodable {
        let issuerId: String
        let keyId: String
        /// The `.p8` file's text.
        let privateKey: String
    }

    /// What may be said of a stored key: never the key.
    struct Status: Encodable {
        let set: Bool
        let issuerId: String?
        let keyId: String?
        let updatedAt: Date?

        init(_ summary: AppStoreConnectKeys.Summary?) {
            set = summary != nil
            issuerId = summary?.issuerID
            keyId = summary?.keyID
            updatedAt = summary?.updatedAt
        }
    }

    /// The routes it answers, which the composition root adds to the router.
    var routes: RouteCollection<Context> {
        let router = RouteCollection(context: Context.self)
        let credentials = router.group("/v1/admin/apps/:app/appstore/credentials")
        credentials.get { request, context in
            try await authenticator.authorize(request, context, .read)
            return try RequestValues.json(Status(try await keys.summary(app: try context.parameters.require("app"))))
        }
        credentials.put { request, context in
            try await authenticator.authorize(request, context, .admin)
            let body = try await RequestValues.body(Put.self, from: request, context: context)
            let summary = try await keys.set(app: try context.parameters.require("app"), issuerID: body.issuerId, keyID: body.keyId,
                                             privateKeyPEM: body.privateKey)
            return try RequestValues.json(Status(summary))
        }
        credentials.delete { request, context in
            try await authenticator.authorize(request, context, .admin)
            try await keys.remove(app: try context.parameters.require("app"))
            return Response(status: .noContent)
        }
        return router
    }
}
