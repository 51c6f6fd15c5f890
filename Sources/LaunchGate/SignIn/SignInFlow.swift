import Foundation
import Observation

/// Passwordless sign-in as a view sees it: the address, the emailed code, the signed-in user.
/// Views render ``state`` and call the methods; every decision about addresses, codes and time is made here.
///
/// ```swift
/// let flow = SignInFlow(
///     client: AuthClient(baseURL: URL(string: "https://auth.example.com")!, paths: .app("notes")),
///     sessions: KeychainSessionStore(), store: UserDefaultsStore(defaults: .standard))
/// // At launch: .task { await flow.restore() }
/// // Email step: TextField(text: Binding(get: { flow.email }, set: flow.updateEmail)); Button { await flow.sendCode() }
/// // Code step:  TextField(text: Binding(get: { flow.code }, set: { flow.updateCode($0) })); Button { await flow.verify() }
/// ```
///
/// A session survives relaunches in the ``SessionStore``; ``restore()`` shows it at once and then
/// asks the server whether it still works, keeping it when the server can't be reached.
@MainActor
@Observable
public final class SignInFlow {
    /// The step sign-in is at.
    public private(set) var state: State = .enteringEmail
    /// The address as typed, kept while the user goes on to the code and comes back.
    public internal(set) var email = ""
    /// The code's digits as typed, never more than the code's length.
    public private(set) var code = ""
    /// The signed-in session; `nil` when signed out.
    public internal(set) var session: SignInSession?
    /// Whether to show the welcome to a new user now; ``markWelcomeSeen()`` ends it, once per user.
    public internal(set) var showsWelcome = false
    /// The last failure the user wasn't shown (a store that can't be written, a sign-out the server
    /// didn't hear, a session check that went unanswered), for logs and diagnostics.
    public internal(set) var lastError: SignInError?
    /// Whether the last read of the stored session failed (rather than finding none), so the
    /// flow reads again when the app returns: the keychain is locked until the first unlock.
    @ObservationIgnored var sessionReadFailed = false

    @ObservationIgnored let client: AuthClient
    @ObservationIgnored let sessions: any SessionStore
    @ObservationIgnored let store: any KeyValueStore
    @ObservationIgnored private let configuration: Configuration
    @ObservationIgnored let now: @Sendable () -> Date
    @ObservationIgnored private let makeDeviceID: @Sendable () -> DeviceID
    /// Where ``recover()`` goes back to: the address or the code step, as they were when the step failed.
    @ObservationIgnored private var resumeState: State = .enteringEmail
    /// The server's `Retry-After`: no request to send or verify before it.
    @ObservationIgnored private var notBefore: Date?
    /// Counts requests, so an answer that arrives after the user moved on (a different address, a
    /// sign-out) is dropped instead of undoing what they did.
    @ObservationIgnored var attempt = 0
    /// The step a send started from, so a resend keeps showing the code step while it runs.
    @ObservationIgnored var sendingFrom: State = .enteringEmail
    /// The error behind ``State/failed(message:recovery:)``, so a screen can word it in the user's language.
    @ObservationIgnored private(set) var failure: SignInError?
    /// The account deletion under way, which a second ``deleteAccount()`` waits for instead of sending another.
    @ObservationIgnored var deletion: Task<DeletionResult, Never>?

    /// Creates a flow, signed out until ``restore()`` finds a stored session.
    /// - Parameters:
    ///   - client: The sign-in server's client.
    ///   - sessions: Where the session and device ID are kept.
    ///   - store: Where the per-user welcome flags are kept.
    ///   - configuration: Behaviour, such as verifying a complete code at once.
    ///   - now: The clock for the resend countdown, `Retry-After` and expiry.
    ///   - makeDeviceID: Makes this device's ID the first time one is needed.
    public init(client: AuthClient, sessions: any SessionStore, store: any KeyValueStore,
                configuration: Configuration = Configuration(), now: @escaping @Sendable () -> Date = Date.init,
                makeDeviceID: @escaping @Sendable () -> DeviceID = { DeviceID.random() }) {
        self.client = client
        self.sessions = sessions
        self.store = store
        self.configuration = configuration
        self.now = now
        self.makeDeviceID = makeDeviceID
    }

    // MARK: Address

    /// Whether ``sendCode()`` would send now: an address is typed and no `Retry-After` is pending.
    public var canSendCode: Bool {
        isAtEmailStep && !email.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && isAllowedNow
    }

    /// Takes the address as typed; typing after a failure at this step dismisses it.
    /// - Parameter text: The text field's contents.
    public func updateEmail(_ text: String) {
        guard isAtEmailStep else { return }
        email = text
        state = .enteringEmail
    }

    /// Sends a code to the typed address, trimmed and lowercased. Does nothing while the field is
    /// empty; an address that breaks the rules fails at once, without a request.
    public func sendCode() async {
        guard canSendCode else { return }
        let address: EmailAddress
        do { address = try EmailAddress(email) } catch {
            return fail(error, resume: .enteringEmail)
        }
        await send(to: address, resume: .enteringEmail)
    }

    /// Goes back to the address, as typed, from the code step or a failure.
    public func useDifferentEmail() {
        switch state {
        case .enteringCode, .failed: break
        default: return
        }
        attempt += 1
        code = ""
        // A wait the server set was for the old address; for the new one the server will say again if it must.
        notBefore = nil
        state = .enteringEmail
    }

    // MARK: Code

    /// Whether ``verify()`` would send now: every digit is typed and no `Retry-After` is pending.
    public var canVerify: Bool {
        guard let entry = codeEntry, case .enteringCode = state else { return false }
        return code.count == entry.codeLength && isAllowedNow
    }

    /// Whether ``resend()`` would send now: the countdown is over and no `Retry-After` is pending.
    public var canResend: Bool { codeEntry.map { isAtCodeStep && now() >= $0.resendAllowedAt && isAllowedNow } ?? false }

    /// Whole seconds until ``resend()`` is allowed; 0 when it is. Read it on a timer (a view's
    /// `TimelineView`): it depends on the clock, which doesn't notify.
    public var secondsUntilResend: Int {
        guard let entry = codeEntry else { return 0 }
        return Self.secondsUntil(max(entry.resendAllowedAt, notBefore ?? .distantPast), now: now())
    }

    /// Takes the code as typed or pasted: digits only, cut to the code's length. Typing after a
    /// wrong code dismisses the failure.
    /// - Parameter text: The text field's contents.
    /// - Returns: The verification it started, when ``Configuration/verifiesWhenComplete`` is on and
    ///   the code is now complete; await it to know when it is over.
    @discardableResult
    public func updateCode(_ text: String) -> Task<Void, Never>? {
        guard isAtCodeStep, let entry = codeEntry else { return nil }
        code = Self.digits(in: text, length: entry.codeLength)
        state = .enteringCode(entry)
        guard configuration.verifiesWhenComplete, canVerify else { return nil }
        return Task { await self.verify() }
    }

    /// Checks the code with the server; does nothing until every digit is typed.
    public func verify() async {
        guard canVerify, let entry = codeEntry else { return }
        state = .verifying(entry)
        attempt += 1
        let current = attempt
        let device = deviceID()
        let result: Result<SignInSession, SignInError>
        do { result = .success(try await client.verifyCode(code, for: entry.address, deviceID: device)) } catch {
            result = .failure(error)
        }
        guard current == attempt else { return }
        switch result {
        case .success(let session) where session.isExpired(at: now()):
            // A session that is over before it starts is a server (or clock) fault, not a sign-in.
            fail(.invalidResponse("the session expired before it began"), resume: .enteringCode(entry))
        case .success(let session): signIn(session)
        case .failure(let error): fail(error, resume: .enteringCode(entry))
        }
    }

    /// Sends a new code to the same address, once the countdown allows; the typed digits are cleared.
    public func resend() async {
        guard canResend, let entry = codeEntry else { return }
        await send(to: entry.address, resume: .enteringCode(entry))
    }

    // MARK: Failure

    /// Takes the failure's ``Recovery``: back to the address, or to the code step (cleared for
    /// ``Recovery/enterCodeAgain``), where trying again is allowed from the failure's `notBefore` on.
    public func recover() {
        guard case .failed(_, let recovery) = state else { return }
        if recovery == .enterCodeAgain { code = "" }
        state = recovery == .editEmail ? .enteringEmail : resumeState
    }

    // MARK: Internals

    var codeEntry: CodeEntry? {
        switch state {
        case .enteringCode(let entry), .verifying(let entry): entry
        case .failed: if case .enteringCode(let entry) = resumeState { entry } else { nil }
        default: nil
        }
    }

    var isAtEmailStep: Bool {
        switch state {
        case .enteringEmail: true
        case .failed: resumeState == .enteringEmail
        default: false
        }
    }

    private var isAtCodeStep: Bool {
        switch state {
        case .enteringCode: true
        case .failed(_, let recovery): recovery != .editEmail && codeEntry != nil
        default: false
        }
    }

    private var isAllowedNow: Bool { notBefore.map { now() >= $0 } ?? true }

    /// Whole seconds until the server's `Retry-After` is over; 0 when there is none.
    var secondsUntilAllowed: Int { notBefore.map { Self.secondsUntil($0, now: now()) } ?? 0 }

    private func send(to address: EmailAddress, resume: State) async {
        sendingFrom = resume
        state = .sending(address)
        attempt += 1
        let current = attempt
        let result: Result<CodeDelivery, SignInError>
        do { result = .success(try await client.sendCode(to: address)) } catch { result = .failure(error) }
        guard current == attempt else { return }
        switch result {
        case .success(let delivery):
            let sentAt = now()
            code = ""
            state = .enteringCode(CodeEntry(address: address, codeLength: delivery.codeLength,
                                            resendAllowedAt: sentAt.addingTimeInterval(delivery.resendAfter),
                                            expiresAt: sentAt.addingTimeInterval(delivery.expiresIn)))
        case .failure(let error):
            fail(error, resume: resume)
        }
    }

    private func fail(_ error: SignInError, resume: State) {
        let isCodeStep = if case .enteringCode = resume { true } else { false }
        let recovery = Self.recovery(for: error, duringCodeStep: isCodeStep, now: now())
        if case .tryAgain(let date?) = recovery { notBefore = max(notBefore ?? date, date) }
        resumeState = recovery == .editEmail ? .enteringEmail : resume
        failure = error
        state = .failed(message: error.message, recovery: recovery)
    }

    private func signIn(_ session: SignInSession) {
        code = ""
        notBefore = nil
        adopt(session)
        save(session)
    }

    func adopt(_ session: SignInSession) {
        self.session = session
        showsWelcome = session.isNewUser && store.data(forKey: welcomeKey(for: session.user)) == nil
        state = .signedIn(session.user, isNewUser: session.isNewUser)
    }

    func save(_ session: SignInSession) {
        // Still signed in for this launch when the store fails; the next launch asks again.
        do { try sessions.saveSession(session) } catch { lastError = Self.storageError(error) }
    }

    func clearLocally() {
        attempt += 1
        session = nil
        showsWelcome = false
        code = ""
        notBefore = nil
        state = .enteringEmail
        resumeState = .enteringEmail
        do { try sessions.removeSession() } catch { lastError = Self.storageError(error) }
    }

    /// The stored device ID, made and stored the first time; a store that fails gets a fresh ID
    /// for this launch, so sign-in still works (and the next launch signs in again).
    private func deviceID() -> DeviceID {
        if let stored = try? sessions.loadDeviceID() { return stored }
        let made = makeDeviceID()
        do { try sessions.saveDeviceID(made) } catch { lastError = Self.storageError(error) }
        return made
    }

    func welcomeKey(for user: SignInUser) -> String { "\(configuration.storeKeyPrefix).signIn.welcomeSeen.\(user.id)" }
}
