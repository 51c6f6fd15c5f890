import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@Suite("Sign-in errors in the user's language")
struct SignInErrorLocalizedTests {
    private let french = LaunchGateStrings.forLanguages(["fr"])
    private let german = LaunchGateStrings.forLanguages(["de"])

    /// One typed address for each way ``EmailAddress`` refuses one.
    static let refusedAddresses: [(String, EmailAddress.Problem)] = [
        ("", .empty), ("ada @example.com", .whitespaceOrControl), ("ada\u{200B}@example.com", .invisibleCharacter),
        ("ada<@example.com", .specialCharacter), ("ada.example.com", .notOneAt), ("@example.com", .partMissing),
        (String(repeating: "a", count: 65) + "@example.com", .localPartTooLong), ("ada@example..com", .malformedDomain),
        ("a@" + String(repeating: "b", count: 256), .tooLong),
    ]

    // MARK: Tests

    @Test("the SDK's own errors read in French and German, without the technical detail")
    func clientErrors() {
        let offline = SignInError.offline("NSURLErrorDomain -1009")
        #expect(offline.localizedMessage(french) == "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.")
        #expect(offline.localizedMessage(german) == "Der Server ist nicht erreichbar. Überprüfe deine Verbindung und versuche es erneut.")
        #expect(SignInError.timeout.localizedMessage(french) == "Le serveur a mis trop de temps à répondre. Réessayez.")
        #expect(SignInError.insecureURL(URL(string: "http://auth.example.com")!).localizedMessage(german)
            == "Die Anmeldung ist in dieser App nicht richtig eingerichtet.")
        #expect(SignInError.storageFailed("keychain").localizedMessage(french)
            == "Votre connexion n’a pas pu être enregistrée sur cet appareil.")
    }

    @Test("every known code has a translated text, not the English message", arguments: [
        SignInError.offline("x"), .timeout, .cancelled, .insecureURL(URL(string: "http://a.example")!), .redirectRefused(to: nil),
        .tooLarge(limit: 1), .invalidResponse("x"), .notOnSeedPaths("session"), .storageFailed("x"), .invalidRequest,
        .invalidEmail, .invalidCode, .rateLimited, .locked, .deliveryFailed, .unauthorized, .notFound, .unavailable, .rejected,
    ])
    func everyCodeTranslated(error: SignInError) {
        let english = error.localizedMessage(.english)
        let french = error.localizedMessage(french)
        #expect(french != english, "\(error.code)")
        #expect(!french.isEmpty)
    }

    @Test("the server's codes read in the user's language even when the server wrote English")
    func serverCodes() {
        let codeError = SignInError.invalidCode.with(message: "That code is wrong.", retryAfter: nil)
        #expect(codeError.localizedMessage(french) == "Ce code est incorrect ou a expiré. Demandez-en un nouveau.")
        #expect(SignInError.deliveryFailed.localizedMessage(german)
            == "E-Mails an diese Adresse können nicht zugestellt werden. Überprüfe sie oder verwende eine andere.")
        #expect(SignInError.unauthorized.localizedMessage(.english) == SignInError.unauthorized.message)
    }

    @Test("a wait from Retry-After is given in seconds when short and in whole minutes, rounded up, when long", arguments: [
        (SignInError.rateLimited, 30, "Trop de tentatives. Réessayez dans 30 s."),
        (.rateLimited, 119, "Trop de tentatives. Réessayez dans 119 s."),
        (.rateLimited, 121, "Trop de tentatives. Réessayez dans 3 min."),
        (.locked, 3600, "Trop de codes erronés. La connexion avec cette adresse est suspendue ; réessayez dans 60 min."),
        (.locked, 20, "Trop de codes erronés. La connexion avec cette adresse est suspendue ; réessayez dans 1 min."),
    ])
    func waits(error: SignInError, seconds: Int, expected: String) {
        #expect(error.with(message: nil, retryAfter: seconds).localizedMessage(french) == expected)
    }

    @Test("without a wait the rate-limit texts say so in words")
    func noWait() {
        #expect(SignInError.rateLimited.localizedMessage(german) == "Zu viele Versuche. Warte kurz und versuche es erneut.")
        #expect(SignInError.locked.localizedMessage(.english) == SignInError.locked.message)
    }

    @Test("a rate limit answered by the server localizes with its Retry-After")
    func fromServer() async {
        let transport = ScriptedTransport()
        transport.enqueue(.respond(.signInError("rate_limited", status: 429, message: "Slow down.", retryAfter: 42)),
                          for: SignInFixtures.sendCode)
        let error = await #expect(throws: SignInError.self) {
            try await SignInFixtures.client(transport).sendCode(to: SignInFixtures.ada)
        }
        #expect(error?.message == "Slow down.", "message keeps the server's words")
        #expect(error?.localizedMessage(german) == "Zu viele Versuche. Versuche es in 42 s erneut.")
    }

    @Test("a code this SDK doesn't know keeps the server's own message; so does an older backend's reason")
    func unknownCode() {
        let unknown = SignInError(code: "quota_exceeded", message: "Your plan's sign-ins are used up.")
        #expect(unknown.localizedMessage(french) == "Your plan's sign-ins are used up.")
        let reasoned = SignInError.rejected.with(message: "Accounts are closed for maintenance.", retryAfter: nil)
        #expect(reasoned.localizedMessage(french) == "Accounts are closed for maintenance.")
        #expect(SignInError.rejected.localizedMessage(french) == "Le serveur a refusé la requête.")
    }

    @Test("each refused address says which rule it broke, in English exactly as before and in French")
    func emailProblems() throws {
        #expect(Set(Self.refusedAddresses.map(\.1)) == Set(EmailAddress.Problem.all))
        #expect(EmailAddress.Problem.all.count == 9)
        var texts: Set<String> = []
        for (typed, problem) in Self.refusedAddresses {
            #expect(EmailAddress.problem(with: EmailAddress.normalize(typed)) == problem, "\(typed)")
            let error = try #require(#expect(throws: SignInError.self) { try EmailAddress(typed) })
            #expect(error.message == problem.localizedMessage(.english))
            #expect(error.localizedMessage(french) == problem.localizedMessage(french))
            texts.insert(error.localizedMessage(french))
        }
        #expect(texts.count == 9, "each problem has its own text")
        #expect(try #require(#expect(throws: SignInError.self) { try EmailAddress("ada@example..com") }).message
            == "Check the part after the @: it has an empty part (two dots, or a dot at the start or end) or a part that is too long.")
        #expect(EmailAddress.Problem.localPartTooLong.localizedMessage(.english)
            == "The part before the @ is too long (at most 64 characters).")
        #expect(EmailAddress.Problem.tooLong.localizedMessage(french) == "Cette adresse e-mail est trop longue (254 caractères au maximum).")
    }

    @Test("an invalid_email the server words its own way gets the general translated text")
    func serverInvalidEmail() {
        let error = SignInError.invalidEmail.with(message: "Nope.", retryAfter: nil)
        #expect(error.localizedMessage(french) == "Saisissez une adresse e-mail valide, comme ada@example.com.")
    }

    @Test("the client's own variants of invalid_code and unauthorized keep their specific meaning")
    func clientVariants() async {
        let transport = ScriptedTransport()
        let client = SignInFixtures.client(transport)
        let notDigits = await #expect(throws: SignInError.self) {
            try await client.verifyCode("12a4", for: SignInFixtures.ada, deviceID: SignInFixtures.device)
        }
        #expect(notDigits?.localizedMessage(french) == "Saisissez les chiffres du code reçu par e-mail.")
        transport.enqueue(.respond(SignInFixtures.sessionAnswer(device: "device-2")), for: SignInFixtures.session)
        let otherDevice = await #expect(throws: SignInError.self) { try await client.checkSession(SignInFixtures.storedSession()) }
        #expect(otherDevice?.localizedMessage(german) == "Diese Sitzung gehört zu einem anderen Gerät. Melde dich erneut an.")
        #expect(SignInError.unauthorized.localizedMessage(german) == "Du wurdest abgemeldet. Melde dich erneut an.")
    }
}
