import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate

/// The unauthenticated endpoints apps call: the signed policy, the evaluated check, and the
/// seed-compatible shapes, per app and (for a configured default app) at the seeds' own paths.
struct PublicController<Context: RemoteAddressRequestContext> {
    let policies: PolicyService
    let defaultApp: String?
    let maxAge: Int
    /// Notes the install each answered request names, within its client's budget; `nil` when
    /// recording is off.
    let sightings: SightingIntake?

    /// The routes it answers, which the composition root adds to the router.
    var routes: RouteCollection<Context> {
        let router = RouteCollection(context: Context.self)
        router.get("/v1/apps/:app/policy") { request, context in
            let app = try context.parameters.require("app")
            return try await policy(request, app: app, peer: context.remoteAddress?.ipAddress)
        }
        // CDNs and monitors probe with HEAD: the same headers, no body.
        router.head("/v1/apps/:app/policy") { request, context in
            var response = try await policy(request, app: context.parameters.require("app"), peer: context.remoteAddress?.ipAddress)
            response.body = .init()
            return response
        }
        router.get("/v1/apps/:app/check") { request, context in
            try await CheckEndpoint(policies: policies, sightings: sightings)
                .check(request, app: context.parameters.require("app"), peer: context.remoteAddress?.ipAddress)
        }
        let seeds: [(String, String, SeedDocument)] = [
            ("/v1/apps/:app/version", "/api/version", .latestBuild),
            ("/v1/apps/:app/config", "/api/config", .minimumSupportedVersion),
            ("/v1/apps/:app/version-lockout", "/api/version-lockout", .versionLockout),
            ("/v1/apps/:app/version.json", "/version.json", .versionJSON),
        ]
        for (appPath, rootPath, seed) in seeds {
            router.get(RouterPath(appPath)) { request, context in
                let app = try context.parameters.require("app")
                return try await serve(request, app: app, format: .seed(seed), path: appPath.replacingOccurrences(of: ":app", with: app),
                                       peer: context.remoteAddress?.ipAddress)
            }
            router.get(RouterPath(rootPath)) { request, context in
                guard let defaultApp else {
                    throw ServiceError.noDefaultApp(path: rootPath)
                }
                return try await serve(request, app: defaultApp, format: .seed(seed), path: rootPath, peer: context.remoteAddress?.ipAddress)
            }
        }
        return router
    }

    private func policy(_ request: Request, app: String, peer: String?) async throws -> Response {
        try await serve(request, app: app, format: .canonical, path: "/v1/apps/\(app)/policy", platform: RequestValues.platform(request, default: nil),
                        peer: peer)
    }

    /// Answers a public document. `path` is the route's own spelling of this request's path; only a
    /// request spelled exactly so (and with a canonical query) may take a prepared fast-path slot.
    private func serve(_ request: Request, app: String, format: DocumentFormat, path: String, platform: Platform?? = .none,
                       peer: String?) async throws -> Response {
        let platform = try platform ?? RequestValues.platform(request)
        let channel = try RequestValues.channel(request)
        let generation = policies.cache.generation
        let document = try await policies.document(app: app, channel: channel, platform: platform, format: format)
        if let sightings, let client = request.headers[RequestValues.clientHeader] {
            sightings.note(app: app, header: client, peer: peer, forwardedFor: request.headers[values: .xForwardedFor])
        }
        // One answer for everyone (exemptions are inside the signed document), so shared caches may keep it.
        let headers: HTTPFields = [
            .eTag: document.etag,
            .cacheControl: "public, max-age=\(maxAge), stale-while-revalidate=\(maxAge * 5), stale-if-error=86400",
        ]
        // A 304 carries only what updates a cache's stored copy (RFC 9110 §15.4.5); the
        // signature belongs to the body the client already holds.
        var okHeaders = headers
        okHeaders[.contentType] = "application/json"
        if let signature = document.signature { okHeaders[RequestValues.signatureHeader] = signature }
        let target = request.uri.description
        // The router also matches `//v1/apps/x//policy`, a trailing slash or a `#fragment`: such spellings are
        // answered, but each would take a slot of its own and push real URLs off the fast path.
        if request.method == .get, target == path + (request.uri.query.map { "?" + $0 } ?? ""),
           RequestValues.isCanonical(request.uri.query, platform: platform, channel: channel),
           policies.cache.prepared(for: target) == nil {
            // The next identical request is answered by PolicyFastPathHandler without reaching Hummingbird.
            let prepared = PreparedResponse(app: app, etag: document.etag, okHeaders: okHeaders, notModifiedHeaders: headers, body: document.body)
            policies.cache.prepare(prepared, for: target, builtIn: generation)
        }
        return RequestValues.matches(request, etag: document.etag)
            ? Response(status: .notModified, headers: headers)
            : Response(status: .ok, headers: okHeaders, body: .init(byteBuffer: document.body))
    }
}
