import Foundation
import Hummingbird
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

extension TestServer {
    /// The console alone, as buildRouter wires it, over `sessions` and with `limits`: for tests that
    /// need limits of their own, such as a frozen clock.
    func consoleRouter(sessions: any ConsoleSessionRepository = MemoryConsoleSessionRepository(), limits: ConsoleLimits) throws -> Router<LaunchGateRequestContext> {
        let components = self.components
        let router = Router(context: LaunchGateRequestContext.self)
        router.add(middleware: ConsoleHeadersMiddleware())
        router.add(middleware: ErrorMiddleware())
        let clients = ClientAddressResolver()
        let console = ConsoleController<LaunchGateRequestContext>(
            policies: components.policies, adoption: components.adoption, funnel: components.funnel,
            authenticator: AdminAuthenticator(tokens: components.tokens, failures: RateLimiter(capacity: 10, perSecond: 1), clients: clients),
            sessions: ConsoleSessions(repository: sessions, tokens: components.tokens, lifetime: 3600, maximumSessions: 10, maximumPerToken: 10,
                                      now: Date.init),
            signInForms: components.consoleSignInForms, limits: limits, diffs: PolicyDiffCache(), clients: clients, now: Date.init,
            accounts: ConsoleAccounts(signIn: components.signIn, operatorSignIn: components.operatorSignIn, operators: components.operators,
                                      tokens: components.tokens),
            renderer: try ConsoleRenderer.bundled.get())
        router.addRoutes(console.routes)
        return router
    }
}
