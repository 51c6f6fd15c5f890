import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateHTTP
import LaunchGateSignIn
import LaunchGateStorage
@_spi(LaunchGateServer) import LaunchGate

/// Passwordless sign-in: `/v1/apps/{app}/auth/…`, and the original sign-in backend's
/// `/api/auth/send-code` and `/api/auth/verify-code` for the default app. Every answer, failures included, has the seed's
/// shape (``AuthWire``, ``SeedErrorResponse``).
struct SignInController<Context: RemoteAddressRequestContext> {
    let signIn: SignInService
    let defaultApp: String?
    let clients: ClientAddressResolver

    /// The header a client may send to have its session refused from any other device.
    static var deviceHeader: HTTPField.Name { HTTPField.Name("LaunchGate-Device-ID")! }

    /// Routes every endpoint of both path families at the path the SDK sends to
    /// (``AuthPaths/path(for:)``), so the two ends can't drift apart.
    var routes: RouteCollection<Context> {
        let router = RouteCollection(context: Context.self)
        for paths in [AuthPaths.app(":app"), .seed] {
            // No prefix: the SDK's paths are whole. The middleware still applies only to these routes.
            let group = router.group().add(middleware: SeedErrorMiddleware())
            for endpoint in paths.endpoints {
                guard let path = paths.path(for: endpoint) else { continue }
                group.on(RouterPath(path), method: HTTPRequest.Method(endpoint.method) ?? .post, use: { request, context in
                    try await answer(endpoint, request, context, app: paths == .seed ? seedApp(path) : context.parameters.require("app"),
                                     seed: paths == .seed)
                })
            }
        }
        return router
    }

    private func answer(_ endpoint: AuthEndpoint, _ request: Request, _ context: Context, app: String, seed: Bool) async throws -> Response {
        switch endpoint {
        case .sendCode:
            return try await sendCode(request, context, app: app, longCodes: !seed || signIn.configuration.seedPathsTakeLongCodes)
        case .verifyCode:
            return try await verifyCode(request, context, app: app)
        case .session:
            let (session, user) = try await signIn.session(app: app, token: bearer(request), deviceID: request.headers[Self.deviceHeader])
            return SignInWire.response(AuthWire.Session(session, user))
        case .signOut:
            try await SignInWire.drain(request)
            try await signIn.signOut(app: app, token: bearer(request), deviceID: request.headers[Self.deviceHeader])
            return SignInWire.response(AuthWire.Envelope.signedOut)
        case .deleteAccount:
            // No body is expected; one sent anyway is read (within the limit) and ignored, as sign-out's.
            try await SignInWire.drain(request)
            try await signIn.deleteAccount(app: app, token: bearer(request), deviceID: request.headers[Self.deviceHeader])
            return SignInWire.response(AuthWire.Envelope.accountDeleted)
        }
    }

    /// A send; `longCodes` is false on the seed's paths, whose clients have a field of the app's
    /// length and can't take a longer code, so a send past the address's room is refused there,
    /// unless the operator says its clients take one (`SignInConfiguration.seedPathsTakeLongCodes`).
    private func sendCode(_ request: Request, _ context: Context, app: String, longCodes: Bool) async throws -> Response {
        let body = try await SignInWire.read(AuthWire.SendCode.self, from: request, example: #"{"email": "ada@example.com"}"#)
        let sent = try await signIn.sendCode(app: app, email: body.email, client: client(request, context), longCodes: longCodes)
        return SignInWire.response(AuthWire.CodeSent(sent))
    }

    private func verifyCode(_ request: Request, _ context: Context, app: String) async throws -> Response {
        let body = try await SignInWire.read(AuthWire.VerifyCode.self, from: request,
                                             example: #"{"email": "ada@example.com", "code": "123456", "device_id": "…"}"#)
        let signedIn = try await signIn.verifyCode(app: app, email: body.email, code: body.code, deviceID: body.deviceID,
                                                   client: client(request, context))
        return SignInWire.response(AuthWire.SignedIn(signedIn))
    }

    private func seedApp(_ path: String) throws -> String {
        guard let defaultApp else { throw ServiceError.noDefaultApp(path: path) }
        return defaultApp
    }

    private func client(_ request: Request, _ context: Context) -> String {
        // The limit key, not the address: IPv6 clients are counted per /64, as one host holds a whole /64.
        clients.limitKey(peer: context.remoteAddress?.ipAddress, forwardedFor: request.headers[values: .xForwardedFor])
    }

    private func bearer(_ request: Request) -> String? { AdminAuthenticator.bearer(request.headers[.authorization]) }
}
