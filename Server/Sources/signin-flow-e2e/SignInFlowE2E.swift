import Foundation
import LaunchGate
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The SDK's own sign-in, end to end: `SignInFlow` and `AuthClient` over `URLSessionTransport`,
/// against a running `launchgate serve --demo` whose mail goes over SMTP to a real SMTP server.
/// Each code is read out of the message that server received, as a person would read it.
///
///     signin-flow-e2e BASE_URL MAIL_FOLDER WORK_FOLDER
///
/// `scripts/signin-e2e` starts the servers and runs it; it prints one line per check and exits
/// non-zero at the first that fails.
@main
@MainActor
struct SignInFlowE2E {
    let base: URL
    let work: URL
    var mail: MailFolder
    var passed = 0

    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 3, let base = URL(string: arguments[arguments.startIndex]) else {
            print("usage: signin-flow-e2e BASE_URL MAIL_FOLDER WORK_FOLDER")
            exit(64)
        }
        var run = SignInFlowE2E(base: base, work: URL(fileURLWithPath: arguments[arguments.startIndex + 2]),
                                mail: MailFolder(url: URL(fileURLWithPath: arguments[arguments.startIndex + 1])))
        do {
            try await run.run()
            print("signin-flow-e2e: \(run.passed) passed, 0 failed")
        } catch {
            print("FAIL \(error)")
            print("signin-flow-e2e: \(run.passed) passed, 1 failed")
            exit(1)
        }
    }

    mutating func run() async throws {
        let sessions = FileSessionStore(url: work.appendingPathComponent("session.json"))
        let app = AuthClient(baseURL: base, paths: .app("demo"))

        // A new user, with the address typed carelessly.
        let first = flow(app, sessions)
        try await signIn(first, typing: "  Grace@Example.COM ", address: "grace@example.com")
        try check(first.state.signedIn?.isNewUser == true && first.showsWelcome, "a first sign-in is a new user, shown the welcome")
        let session = try unwrap(first.session, "the flow holds the session")
        try check(try sessions.loadSession() == session, "the session is kept on the device")

        // A relaunch: a new flow over the same store, checked with the server.
        let relaunched = flow(app, sessions)
        await relaunched.restore()
        try check(relaunched.state.signedIn?.user.email.value == "grace@example.com" && relaunched.lastError == nil,
                  "after a relaunch the stored session signs in, and the server confirms it")
        let checked = try await app.checkSession(session)
        try check(checked.user.id == session.user.id && checked.deviceID == session.deviceID, "the server knows the session and its device")

        // Sign-out ends it on the device and on the server.
        await relaunched.signOut()
        try check(relaunched.session == nil && relaunched.state == .enteringEmail && (try sessions.loadSession()) == nil,
                  "sign-out clears the device")
        let refusal: SignInError?
        do {
            _ = try await app.checkSession(session)
            refusal = nil
        } catch {
            refusal = error
        }
        guard refusal == .unauthorized else {
            throw E2EFailure("the server answered a signed-out session with \(refusal.map { "\($0)" } ?? "success"), not a 401")
        }
        pass("the server refuses the signed-out session (401)")

        // The same address again: a returning user, on the same device. The server this runs
        // against allows a send to one address each second.
        try await Task.sleep(for: .milliseconds(1_200))
        let second = flow(app, sessions)
        try await signIn(second, typing: "grace@example.com", address: "grace@example.com")
        try check(second.state.signedIn?.isNewUser == false && !second.showsWelcome, "a second sign-in is a returning user")
        try check(second.session?.deviceID == session.deviceID, "the device keeps its ID across sessions")

        // A wrong code fails with the server's message, and the user can try again.
        let wrong = flow(app, FileSessionStore(url: work.appendingPathComponent("other.json")))
        wrong.updateEmail("mistyped@example.com")
        await wrong.sendCode()
        let code = try await mail.code(for: "mistyped@example.com", within: 20)
        _ = wrong.updateCode(code == "0000" ? "1111" : "0000")
        await wrong.verify()
        guard case .failed(let message, let recovery) = wrong.state else { throw E2EFailure("a wrong code gave \(wrong.state)") }
        try check(!message.isEmpty && recovery == .enterCodeAgain, "a wrong code fails with a message, and offers another try")
        wrong.recover()
        _ = wrong.updateCode(code)
        await wrong.verify()
        try check(wrong.state.signedIn != nil, "the right code then signs in")

        // Seed 002's paths, as its client calls them, with the demo app's 4-digit codes.
        let seed = flow(AuthClient(baseURL: base, paths: .seed), FileSessionStore(url: work.appendingPathComponent("seed.json")))
        try await signIn(seed, typing: "Lin@Example.com", address: "lin@example.com")
        try check(seed.state.signedIn?.isNewUser == true && seed.session != nil, "the /api/auth paths sign a new user in")
    }

    /// Types an address, sends, reads the delivered code, types it and verifies.
    private mutating func signIn(_ flow: SignInFlow, typing text: String, address: String) async throws {
        flow.updateEmail(text)
        try check(flow.canSendCode, "an address is typed, so a code can be sent (\(address))")
        await flow.sendCode()
        guard case .enteringCode(let entry) = flow.state else { throw E2EFailure("send-code for \(address) gave \(flow.state)") }
        try check(entry.address.value == address && entry.codeLength == 4, "the code goes to \(address), and the demo's codes have 4 digits")
        let code = try await mail.code(for: address, within: 20)
        pass("the code for \(address) arrived by SMTP")
        _ = flow.updateCode(code + "99")
        try check(flow.code == code && flow.canVerify, "the code field takes no more than the code's length")
        await flow.verify()
        guard case .signedIn(let user, _) = flow.state else { throw E2EFailure("verify-code for \(address) gave \(flow.state)") }
        try check(user.email.value == address, "signed in as \(address)")
    }

    private func flow(_ client: AuthClient, _ sessions: FileSessionStore) -> SignInFlow {
        SignInFlow(client: client, sessions: sessions, store: FileKeyValueStore(url: work.appendingPathComponent("store")))
    }

    private mutating func check(_ condition: Bool, _ what: String) throws {
        guard condition else { throw E2EFailure(what) }
        pass(what)
    }

    private mutating func pass(_ what: String) {
        passed += 1
        print("ok   \(what)")
    }

    private func unwrap<T>(_ value: T?, _ what: String) throws -> T {
        guard let value else { throw E2EFailure(what) }
        return value
    }
}
