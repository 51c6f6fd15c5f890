import Foundation

/// Speaks the sign-in wire format of `docs/sign-in.md`: sends a code, verifies it, checks and ends
/// a session.
///
/// ```swift
/// let client = AuthClient(baseURL: URL(string: "https://auth.example.com")!, paths: .app("notes"))
/// let address = try EmailAddress("ada@example.com")
/// let delivery = try await client.sendCode(to: address)   // delivery.codeLength digits are on their way
/// let session = try await client.verifyCode("123456", for: address, deviceID: DeviceID.random())
/// ```
///
/// Every request goes over https (plain http only to the loopback address), follows redirects only
/// within its own origin, reads at most ``Configuration/maximumResponseSize`` bytes and gives up after
/// ``Configuration/timeout``. Every failure is a ``SignInError``. Most apps use it through ``SignInFlow``.
public struct AuthClient: Sendable {
    /// The server's root, or the path it is mounted under; the ``paths`` are added to it.
    public let baseURL: URL
    /// Which family of paths the server offers.
    public let paths: AuthPaths
    private let transport: any HTTPTransport
    /// Limits and fallbacks; internal so tests can see what a setup chose.
    let configuration: Configuration

    /// Creates a client.
    /// - Parameters:
    ///   - baseURL: The server's root, such as `https://auth.example.com`.
    ///   - paths: The per-app paths, or the seed's.
    ///   - transport: The HTTP transport.
    ///   - configuration: Timeout, size cap and fallbacks; `nil` takes the defaults, with the
    ///     fallback code length ``Configuration/defaultCodeLength(for:)`` of these paths.
    public init(baseURL: URL, paths: AuthPaths, transport: any HTTPTransport = URLSessionTransport(),
                configuration: Configuration? = nil) {
        self.baseURL = baseURL
        self.paths = paths
        self.transport = transport
        self.configuration = configuration ?? Configuration(
            fallbackDelivery: CodeDelivery(codeLength: Configuration.defaultCodeLength(for: paths)))
    }

    /// Asks the server to email a code. The answer is the same whether or not the address has an account.
    /// - Parameter email: The address.
    /// - Returns: The code's length, lifetime and the wait before another send.
    /// - Throws: ``SignInError``: for example ``SignInError/rateLimited`` with ``SignInError/retryAfter``,
    ///   or ``SignInError/deliveryFailed`` when mail to the address bounces.
    public func sendCode(to email: EmailAddress) async throws(SignInError) -> CodeDelivery {
        let body = try await exchange(.sendCode, body: AuthWire.body(AuthWire.SendCode(email: email.value)))
        let sent = try AuthWire.decode(AuthWire.CodeSent.self, from: body)
        let fallback = configuration.fallbackDelivery
        let length = sent.codeLength ?? fallback.codeLength
        guard CodeDelivery.codeLengths.contains(length) else {
            throw SignInError.invalidResponse("code_length \(length) is outside 4 to 10")
        }
        let expiresIn = sent.expiresIn ?? fallback.expiresIn
        let resendAfter = sent.resendAfter ?? fallback.resendAfter
        // A day bounds both: a code lives minutes, and a larger number is a broken or hostile
        // server whose dates would overflow the countdown.
        guard expiresIn.isFinite, (0...86_400).contains(expiresIn), resendAfter.isFinite, (0...86_400).contains(resendAfter) else {
            throw SignInError.invalidResponse("expires_in and resend_after must be seconds from now, at most a day")
        }
        return CodeDelivery(codeLength: length, expiresIn: expiresIn, resendAfter: resendAfter, message: sent.message)
    }

    /// Trades a code for a session bound to this device.
    /// - Parameters:
    ///   - code: The digits from the email.
    ///   - email: The address the code was sent to.
    ///   - deviceID: This device's ID; the session works from it alone.
    /// - Returns: The session, with ``SignInSession/isNewUser`` set when the code made the account.
    /// - Throws: ``SignInError``: ``SignInError/invalidCode`` for a wrong, used or expired code (and,
    ///   without a request, for one that isn't 1 to 16 ASCII digits), ``SignInError/locked`` after too many.
    public func verifyCode(_ code: String, for email: EmailAddress, deviceID: DeviceID) async throws(SignInError) -> SignInSession {
        guard (1...16).contains(code.utf8.count), code.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw SignInError.invalidCode.with(message: "Enter the digits of the code from the email.", retryAfter: nil)
        }
        let body = try await exchange(.verifyCode, body: AuthWire.body(AuthWire.VerifyCode(email: email.value, code: code, deviceID: deviceID.rawValue)))
        let reply = try AuthWire.decode(AuthWire.SignedIn.self, from: body)
        guard let token = SessionToken(reply.sessionToken) else { throw SignInError.invalidResponse("session_token is not a valid token") }
        let user = try reply.user.value()
        // The code was for this address: a session for anyone else (an exempt test user, say) is
        // not what the user proved they own.
        guard user.email == email else { throw SignInError.invalidResponse("the session is for another address") }
        return SignInSession(token: token, expiresAt: try AuthWire.date(reply.expiresAt, field: "expires_at"),
                             user: user, isNewUser: reply.isNewUser ?? false, deviceID: deviceID)
    }

    /// Asks the server whether a stored session still works (`GET …/auth/session`).
    /// - Parameter session: The stored session.
    /// - Returns: The session with the server's current expiry and user; token, device and
    ///   ``SignInSession/isNewUser`` are kept.
    /// - Throws: ``SignInError/unauthorized`` when the server no longer accepts it, or it reports
    ///   another device; ``SignInError/notOnSeedPaths(_:)`` with ``AuthPaths/seed``; any other
    ///   ``SignInError`` when the question went unanswered.
    public func checkSession(_ session: SignInSession) async throws(SignInError) -> SignInSession {
        let body = try await exchange(.session, body: nil, token: session.token, deviceID: session.deviceID)
        let reply = try AuthWire.decode(AuthWire.Session.self, from: body)
        guard reply.deviceID == session.deviceID.rawValue else {
            throw SignInError.unauthorized.with(message: "This session belongs to another device. Sign in again.", retryAfter: nil)
        }
        var fresh = session
        fresh.expiresAt = try AuthWire.date(reply.expiresAt, field: "expires_at")
        fresh.user = try reply.user.value()
        // A session is one user's: an answer naming another user (or address) is not this session.
        guard fresh.user.id == session.user.id, fresh.user.email == session.user.email else {
            throw SignInError.unauthorized.with(message: "This session belongs to another account. Sign in again.", retryAfter: nil)
        }
        return fresh
    }

    /// Revokes a session on the server (`POST …/auth/sign-out` with the body `{}`).
    /// - Parameters:
    ///   - token: The session's token.
    ///   - deviceID: The device the session was issued to, sent as `LaunchGate-Device-ID` so the
    ///     server refuses the token from any other install; `nil` sends none.
    /// - Throws: ``SignInError``; ``SignInError/notOnSeedPaths(_:)`` with ``AuthPaths/seed``.
    public func signOut(_ token: SessionToken, deviceID: DeviceID? = nil) async throws(SignInError) {
        _ = try await exchange(.signOut, body: AuthWire.body(AuthWire.Empty()), token: token, deviceID: deviceID)
    }

    /// Deletes the account a session signs in to (`DELETE …/auth/account`, no body): the server
    /// erases the user with its sessions, codes and mail, and refuses the token from then on.
    /// - Parameters:
    ///   - token: The session's token.
    ///   - deviceID: The device the session was issued to, sent as `LaunchGate-Device-ID`; `nil` sends none.
    /// - Throws: ``SignInError``: ``SignInError/unauthorized`` when the session is no longer valid
    ///   (ended, or its account already deleted); ``SignInError/notOnSeedPaths(_:)`` with ``AuthPaths/seed``.
    public func deleteAccount(_ token: SessionToken, deviceID: DeviceID? = nil) async throws(SignInError) {
        _ = try await exchange(.deleteAccount, body: nil, token: token, deviceID: deviceID)
    }

    // MARK: Exchange

    /// Sends one request and returns the body of a successful answer.
    private func exchange(_ endpoint: AuthEndpoint, body: Data?, token: SessionToken? = nil,
                          deviceID: DeviceID? = nil) async throws(SignInError) -> Data {
        let url = try paths.url(for: endpoint, base: baseURL)
        guard SecureOrigin.allows(url) else { throw SignInError.insecureURL(url) }
        var headers = ["Accept": "application/json"]
        if body != nil { headers["Content-Type"] = "application/json" }
        if let token { headers["Authorization"] = "Bearer \(token.rawValue)" }
        // The server refuses a session presented from another device than the one it was issued to.
        if let deviceID { headers["LaunchGate-Device-ID"] = deviceID.rawValue }
        let timeout = configuration.timeout.components
        let request = TransportRequest(method: endpoint.method, url: url, headers: headers, body: body,
                                  timeout: Double(timeout.seconds) + Double(timeout.attoseconds) / 1e18,
                                  maximumBodySize: configuration.maximumResponseSize)
        let response = try await send(request)
        return try Self.successBody(of: response, to: request, limit: configuration.maximumResponseSize)
    }

    private func send(_ request: TransportRequest) async throws(SignInError) -> TransportResponse {
        let transport = transport
        do {
            return try await Deadline.run(configuration.timeout) { try await transport.send(request) }
        } catch let error as LaunchGateError {
            throw Self.signInError(for: error, request: request, limit: configuration.maximumResponseSize)
        } catch is CancellationError {
            throw SignInError.cancelled
        } catch let error as URLError where error.code == .timedOut {
            throw SignInError.timeout
        } catch {
            throw SignInError.offline(error.localizedDescription)
        }
    }
}
