import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate
import LaunchGateAdoption
import LaunchGateAppStore
import LaunchGateHTTP
import LaunchGatePolicies
import LaunchGateSignIn
import LaunchGateStorage
import LaunchGateWebhooks

/// The web console under `/console`: server-rendered pages over the same services as the admin
/// API (``PolicyService``, ``AdoptionService``, ``AdminAuthenticator``), signed in with an admin
/// token whose scope rules every page as it rules the API. It reaches storage only through those
/// services and ``ConsoleSessions``, never a repository.
package struct ConsoleController<Context: RemoteAddressRequestContext> {
    package let policies: PolicyService
    package let adoption: AdoptionService
    /// The prompt's funnel.
    package let funnel: FunnelService
    package let authenticator: AdminAuthenticator
    package let sessions: ConsoleSessions
    package let signInForms: ConsoleSignInForms
    package let limits: ConsoleLimits
    /// The history pages' diffs, computed once per pair of revisions.
    package let diffs: PolicyDiffCache
    package let clients: ClientAddressResolver
    package let now: @Sendable () -> Date
    /// Users and sessions, mail, tokens, operators and the emailed-code sign-in.
    package let accounts: ConsoleAccounts
    /// The templates and static files.
    package let renderer: ConsoleRenderer
    /// App Store links, for their page; `nil` shows every app unlinked.
    package let appStore: AppStoreLinkService?
    /// The App Store page's sync and App Store Connect key forms; `nil` shows them to no one.
    package let appStoreActions: ConsoleAppStoreActions?
    /// The webhooks page's endpoints and deliveries; `nil` answers it 404.
    package let webhooks: WebhookService?

    /// Creates the value from its properties.
    package init(policies: PolicyService, adoption: AdoptionService, funnel: FunnelService, authenticator: AdminAuthenticator, sessions: ConsoleSessions, signInForms: ConsoleSignInForms, limits: ConsoleLimits, diffs: PolicyDiffCache, clients: ClientAddressResolver, now: @escaping @Sendable () -> Date, accounts: ConsoleAccounts, renderer: ConsoleRenderer, appStore: AppStoreLinkService? = nil,
                 appStoreActions: ConsoleAppStoreActions? = nil, webhooks: WebhookService? = nil) {
        self.policies = policies
        self.adoption = adoption
        self.funnel = funnel
        self.authenticator = authenticator
        self.sessions = sessions
        self.signInForms = signInForms
        self.limits = limits
        self.diffs = diffs
        self.clients = clients
        self.now = now
        self.accounts = accounts
        self.renderer = renderer
        self.appStore = appStore
        self.appStoreActions = appStoreActions
        self.webhooks = webhooks
    }

    /// How long a console session lasts.
    package static var sessionLifetime: TimeInterval { 8 * 3600 }
    /// Sessions kept at the most; the oldest go first.
    package static var maximumSessions: Int { 1000 }
    /// Sessions kept at the most per admin token; its oldest go first.
    package static var maximumSessionsPerToken: Int { 10 }

    /// The routes it answers, which the composition root adds to the router.
    package var routes: RouteCollection<Context> {
        let router = RouteCollection(context: Context.self)
        let console = router.group("/console").add(middleware: ConsoleMiddleware<Context>(renderer: renderer))
        console.get("/") { _, _ in ConsoleRenderer.redirect("/console/apps") }
        console.get("/assets/:name") { _, context in try renderer.assets.response(for: context.parameters.require("name")) }
        console.get("/sign-in") { request, context in try await signInPage(request, context) }
        console.post("/sign-in") { request, context in try await signIn(request, context) }
        console.post("/sign-out") { request, context in try await signOut(request, context) }
        console.get("/apps") { request, context in try await appsPage(request, context, only: nil) }
        console.get("/apps/:app") { request, context in try await appsPage(request, context, only: context.parameters.require("app")) }
        console.get("/apps/:app/policy") { request, context in try await editorPage(request, context) }
        console.post("/apps/:app/policy/preview") { request, context in try await preview(request, context, fragment: false) }
        console.post("/apps/:app/policy/preview-fragment") { request, context in try await preview(request, context, fragment: true) }
        console.post("/apps/:app/policy/publish") { request, context in try await publish(request, context) }
        console.get("/apps/:app/history") { request, context in try await historyPage(request, context) }
        console.get("/apps/:app/history/:number") { request, context in try await revisionPage(request, context) }
        console.post("/apps/:app/history/rollback") { request, context in try await rollback(request, context) }
        console.get("/apps/:app/adoption") { request, context in try await adoptionPage(request, context) }
        console.get("/apps/:app/funnel") { request, context in try await funnelPage(request, context) }
        console.get("/apps/:app/appstore") { request, context in try await appStorePage(request, context) }
        addAppStoreRoutes(to: console)
        console.get("/apps/:app/exemptions") { request, context in try await exemptionsPage(request, context) }
        console.post("/apps/:app/exemptions") { request, context in try await addExemption(request, context) }
        console.post("/apps/:app/exemptions/remove") { request, context in try await removeExemption(request, context) }
        addWebhookRoutes(to: console)
        addAccountRoutes(to: console)
        // Anything else under /console (an unknown page, a wrong method, HEAD) is answered here, so it
        // gets the console's error page and its security headers instead of the API's bare JSON 404.
        // Its page keeps the navigation for whoever is signed in, so it reads the session; no other
        // error page does (``ConsoleRequestSession``).
        for method in HTTPRequest.Method.answeredByConsole {
            console.on("/**", method: method) { request, _ -> Response in
                _ = try? await signedIn(request)
                throw HTTPError(.notFound, message: "There is no console page at this address. Check it, or start again from the apps.")
            }
        }
        return router
    }

    // MARK: Sessions

    /// The session the request's cookie opens, if any, recorded for the request's error page.
    package func signedIn(_ request: Request) async throws -> ConsoleSessions.Signed? {
        let signed = try await sessions.resolve(request.cookies[ConsoleCookies.session]?.value)
        ConsoleRequestSession.current?.record(signed)
        return signed
    }

    /// The signed-in session, with at least `scope`.
    /// - Throws: ``ConsoleError/signInRequired`` without one, ``AuthError`` `forbidden` below the scope.
    package func session(_ request: Request, _ scope: TokenScope = .read) async throws -> ConsoleSessions.Signed {
        guard let signed = try await signedIn(request) else { throw ConsoleError.signInRequired }
        guard signed.token.scope >= scope else { throw AuthError.forbidden(needs: scope) }
        return signed
    }

    /// The session and the posted form, after checking the form's CSRF token.
    package func sessionAndForm(_ request: Request, _ scope: TokenScope = .read) async throws -> (ConsoleSessions.Signed, ConsoleForm) {
        // The CSRF check comes first, so a forged post learns nothing, not even about scopes.
        guard let signed = try await signedIn(request) else { throw ConsoleError.signInRequired }
        let form = try await ConsoleForm.read(request)
        guard ConsoleSessions.checks(csrf: form["csrf"], secret: signed.secret) else { throw ConsoleError.csrfFailed }
        guard signed.token.scope >= scope else { throw AuthError.forbidden(needs: scope) }
        return (signed, form)
    }

    /// The client's key for rate limits and the sign-in form's binding: the peer, or the forwarded
    /// address behind a trusted proxy.
    package func clientKey(_ request: Request, _ context: Context) -> String {
        clients.limitKey(peer: context.remoteAddress?.ipAddress, forwardedFor: request.headers[values: .xForwardedFor])
    }

    package func isSecure(_ request: Request, _ context: Context) -> Bool {
        clients.isSecure(peer: context.remoteAddress?.ipAddress, forwardedProto: request.headers[values: HTTPField.Name("X-Forwarded-Proto")!])
    }

    package func signInPage(_ request: Request, _ context: Context, error: String? = nil, status: HTTPResponse.Status = .ok,
                            retryAfter: Int? = nil) async throws -> Response {
        if error == nil, try await sessions.resolve(request.cookies[ConsoleCookies.session]?.value) != nil {
            return ConsoleRenderer.redirect("/console/apps")
        }
        return try signInFormPage(.signIn, "Sign in", SignInView(error: error), request, context, status: status, retryAfter: retryAfter)
    }

    /// A page of the sign-in forms: before a session exists, the form's CSRF token goes with a
    /// short-lived signed cookie of its own, issued with the page.
    /// - Parameter retryAfter: The seconds a `429` tells the client to wait.
    func signInFormPage<View: ConsoleView>(_ template: ConsoleTemplate, _ title: String, _ view: View, _ request: Request, _ context: Context,
                                           status: HTTPResponse.Status, retryAfter: Int? = nil) throws -> Response {
        let form = try signInForms.issue(client: clientKey(request, context), now: now())
        var response = renderer.page(template, ConsoleLayout(title: title, csrf: form.csrf), view, status: status)
        response.headers.append(HTTPField(name: .setCookie, value: ConsoleCookies.header(ConsoleCookies.signIn, value: form.cookie,
                                                                                            maxAge: ConsoleSignInForms.lifetime,
                                                                                            secure: isSecure(request, context))))
        if let retryAfter { response.headers[.retryAfter] = "\(retryAfter)" }
        return response
    }

    package func signIn(_ request: Request, _ context: Context) async throws -> Response {
        let form = try await ConsoleForm.read(request)
        let client = clientKey(request, context)
        guard try signInForms.checks(cookie: request.cookies[ConsoleCookies.signIn]?.value, csrf: form["csrf"], client: client, now: now()) else {
            throw ConsoleError.csrfFailed
        }
        let token: TokenRecord
        do {
            token = try await authenticator.authorize(token: form["token"], peer: context.remoteAddress?.ipAddress,
                                                      forwardedFor: request.headers[values: .xForwardedFor], scope: .read)
        } catch let error as AuthError where error.kind == .unauthenticated {
            return try await signInPage(request, context, error: "That token is not valid, or it was revoked.", status: .unauthorized)
        } catch let error as AuthError where error.kind == .rateLimited {
            let wait = error.retryAfter ?? 60
            return try await signInPage(request, context, error: "Too many failed sign-ins from here; try again in \(wait) s.",
                                        status: .tooManyRequests, retryAfter: wait)
        }
        // Each sign-in adds a session: limited per client, so nobody churns the table as fast as they can post.
        if let wait = limits.signInsPerClient.take(for: client) {
            return try await signInPage(request, context, error: "Too many sign-ins from here; try again in \(wait) s.", status: .tooManyRequests,
                                        retryAfter: wait)
        }
        return try await startSession(for: token, request, context)
    }

    /// Starts a session for whoever signed in, and sends them to the apps with its cookie, the
    /// sign-in form's cookie cleared.
    func startSession(for token: TokenRecord, _ request: Request, _ context: Context) async throws -> Response {
        let session = try await sessions.start(for: token)
        let secure = isSecure(request, context)
        return ConsoleRenderer.redirect("/console/apps", cookies: [
            ConsoleCookies.header(ConsoleCookies.session, value: session, maxAge: Int(Self.sessionLifetime), secure: secure),
            ConsoleCookies.header(ConsoleCookies.signIn, value: "", maxAge: 0, secure: secure),
        ])
    }

    package func signOut(_ request: Request, _ context: Context) async throws -> Response {
        let (signed, _) = try await sessionAndForm(request)
        try await sessions.end(signed.secret)
        return ConsoleRenderer.redirect("/console/sign-in", cookies: [
            ConsoleCookies.header(ConsoleCookies.session, value: "", maxAge: 0, secure: isSecure(request, context)),
        ])
    }

    /// The channel a page is about: `?channel=`, production by default.
    package static func channel(_ request: Request) throws -> ReleaseChannel {
        try RequestValues.channel(request)
    }

    /// The app the path names.
    /// - Throws: ``ServiceError`` `app-not-found`.
    package func app(_ context: Context) async throws -> AppRecord {
        try await policies.app(context.parameters.require("app"))
    }
}
