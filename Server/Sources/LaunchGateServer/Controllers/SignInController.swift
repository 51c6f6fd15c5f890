import Foundation
import HTTPTypes
import Hummingbird
@_spi(LaunchGateServer) import LaunchGate

/// Passwordless sign-in: `/v1/apps/{app}/auth/…`, and seed 002's `/api/auth/send-code` and
/// `/api/auth/verify-code` for the default app. Every answer, failures included, has the seed's
/// shape (``AuthWire``, ``SeedErrorResponse``).
struct SignInController<Context: RemoteAddressRequestContext> {
    let signIn: SignInService
    let defaultApp: String?
    let clients: ClientAddressResolver

    /// The header a client may send to have its session refused from any other device.
    static var deviceHeader: HTTPField.Name { HTTPField.Name("LaunchGate-Device-ID")! }

    func addRoutes(to router: Router<Context>) {
        let app = router.group("/v1/apps/:app/auth").add(middleware: SeedErrorMiddleware())
        app.post("/send-code") { request, context in
            try await sendCode(request, context, app: context.parameters.require("app"))
        }
        app.post("/verify-code") { request, context in
            try await verifyCode(request, context, app: context.parameters.require("app"))
        }
        app.get("/session") { request, context in
            let (session, user) = try await signIn.session(app: context.parameters.require("app"), token: bearer(request),
                                                           deviceID: request.headers[Self.deviceHeader])
            return SignInWire.response(AuthWire.Session(session, user))
        }
        app.post("/sign-out") { request, context in
            try await SignInWire.drain(request)
            try await signIn.signOut(app: context.parameters.require("app"), token: bearer(request), deviceID: request.headers[Self.deviceHeader])
            return SignInWire.response(AuthWire.Envelope.signedOut)
        }
        let seed = router.group("/api/auth").add(middleware: SeedErrorMiddleware())
        seed.post("/send-code") { request, context in
            try await sendCode(request, context, app: seedApp("/api/auth/send-code"))
        }
        seed.post("/verify-code") { request, context in
            try await verifyCode(request, context, app: seedApp("/api/auth/verify-code"))
        }
    }

    private func sendCode(_ request: Request, _ context: Context, app: String) async throws -> Response {
        let body = try await SignInWire.read(AuthWire.SendCode.self, from: request, example: #"{"email": "ada@example.com"}"#)
        let sent = try await signIn.sendCode(app: app, email: body.email, client: client(request, context))
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
