import Foundation
import HTTPTypes
import Hummingbird

extension ConsoleController {
    /// The routes of the account pages and of the sign-in by emailed code.
    func addAccountRoutes(to console: RouterGroup<Context>) {
        console.post("/sign-in/email") { request, context in try await sendOperatorCode(request, context) }
        console.post("/sign-in/code") { request, context in try await verifyOperatorCode(request, context) }
        console.get("/apps/:app/users") { request, context in try await usersPage(request, context) }
        console.get("/apps/:app/users/:user") { request, context in try await userPage(request, context) }
        console.post("/apps/:app/users/:user/revoke") { request, context in try await revokeUserSessions(request, context) }
        console.get("/mail") { request, context in try await mailPage(request, context) }
        console.get("/tokens") { request, context in try await tokensPage(request, context) }
        console.post("/tokens") { request, context in try await createToken(request, context) }
        console.post("/tokens/revoke") { request, context in try await revokeToken(request, context) }
        console.get("/operators") { request, context in try await operatorsPage(request, context) }
        console.post("/operators") { request, context in try await addOperator(request, context) }
        console.post("/operators/remove") { request, context in try await removeOperator(request, context) }
    }

    // MARK: Sign-in by emailed code

    /// The sign-in form's posted fields, after its CSRF check against the sign-in cookie.
    private func signInForm(_ request: Request) async throws -> (secret: String, form: ConsoleForm) {
        let form = try await ConsoleForm.read(request)
        guard let secret = request.cookies[ConsoleCookies.signIn]?.value, ConsoleSessions.checks(csrf: form["csrf"], secret: secret) else {
            throw ConsoleError.csrfFailed
        }
        return (secret, form)
    }

    private func client(_ request: Request, _ context: Context) -> String {
        clients.limitKey(peer: context.remoteAddress?.ipAddress, forwardedFor: request.headers[values: .xForwardedFor])
    }

    /// Sends a code if the address is an operator's; every address gets the same next page.
    func sendOperatorCode(_ request: Request, _ context: Context) async throws -> Response {
        let (secret, form) = try await signInForm(request)
        let typed = form["email"] ?? ""
        let email: String
        do {
            email = try await accounts.operatorSignIn.sendCode(email: typed, client: client(request, context))
        } catch let error as SignInServiceError where error.kind == .invalidInput {
            return emailSignInPage(request, context, email: typed, error: error.message, status: .badRequest)
        } catch let error as SignInServiceError where error.kind == .rateLimited {
            var response = emailSignInPage(request, context, email: typed, error: error.message, status: .tooManyRequests)
            response.headers[.retryAfter] = "\(error.retryAfter ?? 60)"
            return response
        }
        return codePage(secret: secret, email: email)
    }

    /// Checks the code and starts a session with the operator's scope.
    func verifyOperatorCode(_ request: Request, _ context: Context) async throws -> Response {
        let (secret, form) = try await signInForm(request)
        let typed = form["email"] ?? ""
        let found: OperatorRecord
        do {
            found = try await accounts.operatorSignIn.verifyCode(email: typed, code: form["code"] ?? "", client: client(request, context))
        } catch let error as SignInServiceError where error.code == "invalid_email" {
            return emailSignInPage(request, context, email: typed, error: error.message, status: .badRequest)
        } catch let error as SignInServiceError where error.kind == .rateLimited {
            var response = codePage(secret: secret, email: typed, error: error.message, status: .tooManyRequests)
            response.headers[.retryAfter] = "\(error.retryAfter ?? 60)"
            return response
        } catch let error as SignInServiceError where error.kind == .invalidInput || error.kind == .unauthenticated {
            return codePage(secret: secret, email: typed, error: error.message, status: .unauthorized)
        }
        let session = try await sessions.start(for: found.principal)
        let secure = isSecure(request, context)
        return ConsoleRenderer.redirect("/console/apps", cookies: [
            ConsoleCookies.header(ConsoleCookies.session, value: session, maxAge: Int(Self.sessionLifetime), secure: secure),
            ConsoleCookies.header(ConsoleCookies.signIn, value: "", maxAge: 0, secure: secure),
        ])
    }

    /// The sign-in page with a message next to the email form, and a fresh sign-in cookie.
    func emailSignInPage(_ request: Request, _ context: Context, email: String, error: String, status: HTTPResponse.Status) -> Response {
        let secret = ConsoleSessions.randomSecret()
        var response = ConsoleRenderer.page("sign-in", ["title": "Sign in", "csrf": ConsoleSessions.csrfToken(for: secret),
                                                        "email": email, "emailError": error], status: status)
        response.headers.append(HTTPField(name: .setCookie, value: ConsoleCookies.header(ConsoleCookies.signIn, value: secret, maxAge: 3600,
                                                                                            secure: isSecure(request, context))))
        return response
    }

    /// Where the code is typed; the same page for every address, operator or not.
    func codePage(secret: String, email: String, error: String? = nil, status: HTTPResponse.Status = .ok) -> Response {
        var values: [String: Any] = ["title": "Enter your code", "csrf": ConsoleSessions.csrfToken(for: secret), "email": email,
                                    "codeLength": OperatorSignIn.codeLength,
                                    "minutes": Int((accounts.operatorSignIn.configuration.codeLifetime / 60).rounded(.up))]
        if let error { values["error"] = error }
        return ConsoleRenderer.page("sign-in-code", values, status: status)
    }
}
