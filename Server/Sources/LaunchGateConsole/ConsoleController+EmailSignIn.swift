import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateSignIn
import LaunchGateStorage

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

    /// The sign-in form's posted fields, after its CSRF check against the signed sign-in cookie
    /// (``ConsoleSignInForms``), the same check as the token form's.
    private func signInForm(_ request: Request, _ context: Context) async throws -> ConsoleForm {
        let form = try await ConsoleForm.read(request)
        guard try signInForms.checks(cookie: request.cookies[ConsoleCookies.signIn]?.value, csrf: form["csrf"],
                                     client: clientKey(request, context), now: now()) else {
            throw ConsoleError.csrfFailed
        }
        return form
    }

    /// Sends a code if the address is an operator's; every address gets the same next page.
    func sendOperatorCode(_ request: Request, _ context: Context) async throws -> Response {
        let form = try await signInForm(request, context)
        let typed = form["email"] ?? ""
        let sent: SignInService.CodeSent
        do {
            sent = try await accounts.operatorSignIn.sendCode(email: typed, client: clientKey(request, context))
        } catch let error as SignInServiceError where error.kind == .invalidInput {
            return try emailSignInPage(request, context, email: typed, error: error.message, status: .badRequest)
        } catch let error as SignInServiceError where error.kind == .rateLimited {
            return try emailSignInPage(request, context, email: typed, error: error.message, status: .tooManyRequests,
                                       retryAfter: error.retryAfter ?? 60)
        }
        return try codePage(request, context, email: sent.email, codeLength: sent.codeLength)
    }

    /// Checks the code and starts a session with the operator's scope.
    func verifyOperatorCode(_ request: Request, _ context: Context) async throws -> Response {
        let form = try await signInForm(request, context)
        let typed = form["email"] ?? ""
        // The length the code page named, carried by its form so that the page shown again names it too.
        let said = Int(form["length"] ?? "") == OperatorSignIn.longCodeLength ? OperatorSignIn.longCodeLength : OperatorSignIn.codeLength
        // As for the token form: each sign-in adds a session, so they are limited per client. Taken
        // before the code is used up (and given back when it doesn't sign in), so a refusal here
        // never costs the operator their code.
        let client = clientKey(request, context)
        if let wait = limits.signInsPerClient.take(for: client) {
            return try codePage(request, context, email: typed, codeLength: said, error: "Too many sign-ins from here; try again in \(wait) s.",
                                status: .tooManyRequests, retryAfter: wait)
        }
        var signedIn = false
        defer { if !signedIn { limits.signInsPerClient.refund(for: client) } }
        let found: OperatorRecord
        do {
            found = try await accounts.operatorSignIn.verifyCode(email: typed, code: form["code"] ?? "", client: client)
        } catch let error as SignInServiceError where error.code == "invalid_email" {
            return try emailSignInPage(request, context, email: typed, error: error.message, status: .badRequest)
        } catch let error as SignInServiceError where error.kind == .rateLimited {
            return try codePage(request, context, email: typed, codeLength: said, error: error.message, status: .tooManyRequests,
                                retryAfter: error.retryAfter ?? 60)
        } catch let error as SignInServiceError where error.kind == .invalidInput || error.kind == .unauthenticated {
            return try codePage(request, context, email: typed, codeLength: said, error: error.message, status: .unauthorized)
        }
        let response = try await startSession(for: found.principal, request, context)
        signedIn = true
        return response
    }

    /// The sign-in page with a message next to the email form, and a fresh signed sign-in cookie.
    func emailSignInPage(_ request: Request, _ context: Context, email: String, error: String, status: HTTPResponse.Status,
                         retryAfter: Int? = nil) throws -> Response {
        try signInFormPage(.signIn, "Sign in", SignInView(email: email, emailError: error), request, context, status: status, retryAfter: retryAfter)
    }

    /// Where the code is typed; the same page for every address, operator or not. It names the
    /// `codeLength` the send decided, and its field takes a short or a long code (``ShortCodeRoom``).
    func codePage(_ request: Request, _ context: Context, email: String, codeLength: Int, error: String? = nil,
                  status: HTTPResponse.Status = .ok, retryAfter: Int? = nil) throws -> Response {
        let (short, long) = (OperatorSignIn.codeLength, OperatorSignIn.longCodeLength)
        let view = CodeView(email: email, codeLength: codeLength, longLength: long, pattern: "[0-9]{\(short)}|[0-9]{\(long)}",
                            minutes: Int((accounts.operatorSignIn.configuration.codeLifetime / 60).rounded(.up)), error: error)
        return try signInFormPage(.signInCode, "Enter your code", view, request, context, status: status, retryAfter: retryAfter)
    }
}
