import Hummingbird
import LaunchGateAppStore
import LaunchGateConsole
import LaunchGateHTTP
import Logging

/// Builds the router: public, admin and operations endpoints, with logging, metrics, request IDs
/// and one JSON shape for every error. Time comes from `components.now`.
public func buildRouter(_ components: ServerComponents, configuration: ServerConfiguration) -> Router<LaunchGateRequestContext> {
    buildRouter(components, configuration: configuration, console: ConsoleRenderer.bundled)
}

/// The router with a given console: its renderer, or why there is none (every `/console` path
/// then answers so).
func buildRouter(_ components: ServerComponents, configuration: ServerConfiguration,
                 console: Result<ConsoleRenderer, ConsoleResourcesError>) -> Router<LaunchGateRequestContext> {
    // HEAD for every GET route (RFC 9110 §9.3.2): monitors and CDNs probe health checks and documents with it.
    let router = Router(context: LaunchGateRequestContext.self, options: .autoGenerateHeadEndpoints)
    // Outermost first: the log line sees the status the error middleware chose.
    router.add(middleware: RequestLogMiddleware(level: .info))
    router.add(middleware: MetricsMiddleware())
    // Outside the error middleware, so the span has the status that was answered.
    router.add(middleware: RequestSpanMiddleware())
    // Outside the error middleware, so the console's headers reach its error answers too.
    router.add(middleware: ConsoleHeadersMiddleware())
    router.add(middleware: ErrorMiddleware())
    let clients = ClientAddressResolver(trustedProxies: configuration.trustedProxies)
    let authenticator = AdminAuthenticator(
        tokens: components.tokens,
        failures: RateLimiter(capacity: configuration.authFailureBurst, perSecond: configuration.authFailureRefillPerSecond), clients: clients)
    let reads = policyReads(components, configuration)
    router.addRoutes(PublicController(policies: components.policies, defaultApp: configuration.defaultApp, maxAge: configuration.maxAge,
                                      reads: reads, clients: clients).routes)
    router.addRoutes(InstallsController(policies: components.policies, reads: reads,
                                        funnel: configuration.adoption.recordInstalls ? components.funnelRecorder : nil, clients: clients).routes)
    router.addRoutes(SignInController(signIn: components.signIn, defaultApp: configuration.defaultApp, clients: clients).routes)
    router.addRoutes(AdminController(policies: components.policies, adoption: components.adoption, authenticator: authenticator).routes)
    router.addRoutes(AdoptionController(adoption: components.adoption, authenticator: authenticator).routes)
    router.addRoutes(FunnelController(funnel: components.funnel, authenticator: authenticator).routes)
    router.addRoutes(SignInAdminController(signIn: components.signIn, authenticator: authenticator).routes)
    router.addRoutes(OperatorsController(operators: components.operators, authenticator: authenticator).routes)
    router.addRoutes(AppStoreController(components: components, lookupURL: configuration.appStoreLookupURL, connectURL: configuration.appStoreConnectURL,
                                        poller: configuration.appStorePoller, authenticator: authenticator).routes)
    router.addRoutes(AppStoreCredentialsController(keys: components.appStoreConnectKeys, authenticator: authenticator).routes)
    router.addRoutes(WebhooksController(webhooks: components.webhooks, authenticator: authenticator).routes)
    router.addRoutes(OperationsController(policies: components.policies, registry: metricsRegistry, authenticator: authenticator).routes)
    switch console {
    case .success(let renderer):
        router.addRoutes(ConsoleController(policies: components.policies, adoption: components.adoption, funnel: components.funnel, authenticator: authenticator,
                                           sessions: ConsoleSessions(repository: components.consoleSessions, tokens: components.tokens,
                                                                     lifetime: ConsoleController<LaunchGateRequestContext>.sessionLifetime,
                                                                     maximumSessions: ConsoleController<LaunchGateRequestContext>.maximumSessions,
                                                                     maximumPerToken: ConsoleController<LaunchGateRequestContext>.maximumSessionsPerToken,
                                                                     now: components.now, operators: components.operators),
                                           signInForms: components.consoleSignInForms, limits: ConsoleLimits(), diffs: PolicyDiffCache(), clients: clients,
                                           now: components.now, accounts: ConsoleAccounts(signIn: components.signIn, operatorSignIn: components.operatorSignIn,
                                                                                          operators: components.operators, tokens: components.tokens),
                                           renderer: renderer, appStore: components.appStoreLinkService,
                                           appStoreActions: ConsoleAppStoreActions(keys: components.appStoreConnectKeys) { app, platform, reset, accept in
                                               try await components.syncAppStore(app: app, platform: platform, reset: reset,
                                                                                 lookupURL: configuration.appStoreLookupURL,
                                                                                 connectURL: configuration.appStoreConnectURL,
                                                                                 configuration: configuration.appStorePoller,
                                                                                 logger: Logger(label: "launchgate.console.appstore"), accept: accept)
                                           }, webhooks: components.webhooks).routes)
    case .failure(let error):
        router.addRoutes(ConsoleUnavailable(error: error).routes)
    }
    return router
}
