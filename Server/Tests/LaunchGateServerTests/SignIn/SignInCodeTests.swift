import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Sign-in codes: drawn uniformly, stored only as an HMAC, single use, short-lived, five tries")
struct SignInCodeTests {
    // MARK: Tests

    @Test("bytes of 250 and above are drawn again, so every digit is equally likely")
    func rejectionSampling() {
        let scripted = ScriptedRandomSource([250, 255, 3, 251, 19, 249, 0, 252, 253, 254, 128, 7])
        #expect(SignInTokens.code(length: 6, using: scripted) == "399087")
    }

    @Test("ten thousand codes spread over the digits as a uniform draw would")
    func uniformDigits() {
        var counts = [Int](repeating: 0, count: 10)
        let source = SystemRandomSource()
        for _ in 0..<10_000 {
            for digit in SignInTokens.code(length: 6, using: source).utf8 { counts[Int(digit - 48)] += 1 }
        }
        // 60,000 digits: 6,000 expected each, standard deviation about 73; 6 sigma is far beyond chance.
        #expect(counts.allSatisfy { abs($0 - 6_000) < 450 }, "\(counts)")
        let chiSquare = counts.reduce(0.0) { $0 + pow(Double($1) - 6_000, 2) / 6_000 }
        #expect(chiSquare < 40, "chi-square \(chiSquare) with 9 degrees of freedom")
    }

    @Test("the code has the app's length: 6 by default, as set per app from 4 to 10")
    func lengths() async throws {
        let fixture = try await SignInFixture.make()
        let sent = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "192.0.2.1")
        #expect(sent.codeLength == 6 && sent.expiresIn == 600 && sent.resendAfter == 60)
        #expect(try await fixture.code(for: "ada@example.com")?.count == 6)
        try await fixture.components.signInRepository.saveSettings(SignInSettings(appID: "todo", codeLength: 4))
        #expect(try await fixture.service.sendCode(app: "todo", email: "ada@example.com", client: "192.0.2.1").codeLength == 4)
        let code = try #require(try await fixture.code(for: "ada@example.com", app: "todo"))
        #expect(code.count == 4 && code.allSatisfy(\.isNumber))
    }

    @Test("codes are stored only as an HMAC and travel sealed: neither holds the digits", arguments: TestBackend.available)
    func storedHashed(backend: TestBackend) async throws {
        let fixture = try await SignInFixture.make(backend)
        _ = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "192.0.2.1")
        let claimed = try #require(try await fixture.components.signInRepository.claimAttempt(
            appID: "notes", email: "ada@example.com", network: "192.0.2.0/24", maxAttempts: 99, at: fixture.clock.date))
        let mail = try #require(try await fixture.components.signInRepository.claimDueMail(at: fixture.clock.date, lease: 60, limit: 10).first)
        let code = try fixture.service.secrets.open(try #require(mail.sealedCode))
        #expect(claimed.codeHash.count == 64 && !claimed.codeHash.contains(code))
        #expect(try #require(mail.sealedCode).contains(code) == false)
        #expect(try await fixture.service.secrets.codeHash(code, app: "notes", email: "ada@example.com") == claimed.codeHash)
        #expect(try await fixture.service.secrets.codeHash(code, app: "notes", email: "bob@example.com") != claimed.codeHash,
                "the address is inside the MAC")
        await fixture.close()
    }

    @Test("a code works until its lifetime ends, by the injected clock", arguments: [599.0, 600.0])
    func expiry(after seconds: TimeInterval) async throws {
        let fixture = try await SignInFixture.make()
        _ = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "192.0.2.1")
        let code = try #require(try await fixture.code(for: "ada@example.com"))
        fixture.clock.advance(by: seconds)
        let verify = { try await fixture.service.verifyCode(app: "notes", email: "ada@example.com", code: code, deviceID: "d", client: "192.0.2.1") }
        if seconds < 600 {
            #expect(try await verify().completion.isNewUser)
        } else {
            await #expect(throws: SignInServiceError.invalidCode) { try await verify() }
        }
    }

    @Test("a code signs in once; the second use is the same failure as a wrong code")
    func singleUse() async throws {
        let fixture = try await SignInFixture.make()
        _ = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "192.0.2.1")
        let code = try #require(try await fixture.code(for: "ada@example.com"))
        let first = try await fixture.service.verifyCode(app: "notes", email: "ada@example.com", code: code, deviceID: "d", client: "192.0.2.1")
        #expect(first.completion.isNewUser && first.token.hasPrefix("lgs_"))
        // From another network: this one has spent its 5 guesses at the address this hour.
        await #expect(throws: SignInServiceError.invalidCode) {
            try await fixture.service.verifyCode(app: "notes", email: "ada@example.com", code: code, deviceID: "d", client: "198.51.100.1")
        }
    }

    @Test("five wrong tries kill the code: the right one fails after them")
    func fiveTries() async throws {
        let fixture = try await SignInFixture.make()
        _ = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "192.0.2.1")
        let code = try #require(try await fixture.code(for: "ada@example.com"))
        for _ in 0..<5 {
            await #expect(throws: SignInServiceError.invalidCode) {
                try await fixture.service.verifyCode(app: "notes", email: "ada@example.com", code: SignInFixture.wrong(code), deviceID: "d", client: "192.0.2.1")
            }
        }
        // From another network: this one has spent its 5 guesses at the address this hour.
        await #expect(throws: SignInServiceError.invalidCode) {
            try await fixture.service.verifyCode(app: "notes", email: "ada@example.com", code: code, deviceID: "d", client: "198.51.100.1")
        }
    }

    @Test("four wrong tries leave the fifth for the right code")
    func fourTries() async throws {
        let fixture = try await SignInFixture.make()
        _ = try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "192.0.2.1")
        let code = try #require(try await fixture.code(for: "ada@example.com"))
        for _ in 0..<4 {
            _ = try? await fixture.service.verifyCode(app: "notes", email: "ada@example.com", code: SignInFixture.wrong(code), deviceID: "d", client: "192.0.2.1")
        }
        #expect(try await fixture.service.verifyCode(app: "notes", email: "ada@example.com", code: code, deviceID: "d", client: "192.0.2.1")
            .completion.user.email == "ada@example.com")
    }

    @Test("is_new_user is true the first time only, and the user keeps its ID")
    func newUser() async throws {
        let fixture = try await SignInFixture.make()
        let first = try await fixture.signIn("Ada@Example.com ")
        fixture.clock.advance(by: 120)
        let second = try await fixture.signIn("ada@example.com")
        #expect(first.completion.isNewUser && !second.completion.isNewUser)
        #expect(first.completion.user.id == second.completion.user.id)
        #expect(second.completion.user.email == "ada@example.com")
        #expect(second.completion.user.lastSignInAt == fixture.clock.date)
    }

    @Test("a code's shape, the address and the device ID are checked before anything is counted")
    func shapes() async throws {
        let fixture = try await SignInFixture.make()
        let service = fixture.service
        for code in ["12345", "1234567", "12a456", "", "１２３４５６"] {
            await #expect(throws: SignInServiceError.invalidCodeShape(length: 6), "\(code)") {
                try await service.verifyCode(app: "notes", email: "ada@example.com", code: code, deviceID: "d", client: "c")
            }
        }
        for device in ["", String(repeating: "x", count: 129), "tab\there", "é"] {
            let error = await #expect(throws: SignInServiceError.self) {
                try await service.verifyCode(app: "notes", email: "ada@example.com", code: "123456", deviceID: device, client: "c")
            }
            #expect(error?.code == "invalid_request")
        }
        for email in ["", "ada", "a@b@c", "ada @example.com", "ada@example.com\r\nBcc: x@y", "@example.com", "ada@",
                      String(repeating: "a", count: 65) + "@example.com", "a@" + String(repeating: "b", count: 253),
                      "Ada <ada@example.com>", "ada@example.com,eve@example.com", "\"ada\"@example.com", "ada;x@example.com"] {
            let error = await #expect(throws: SignInServiceError.self, "\(email)") {
                try await service.sendCode(app: "notes", email: email, client: "c")
            }
            #expect(error?.code == "invalid_email", "\(email)")
        }
        #expect(try await fixture.components.signInRepository.addressState(appID: "notes", email: "ada@example.com", network: "c") == AddressState())
    }

    @Test("an app that doesn't exist is not found, for every operation")
    func unknownApp() async throws {
        let service = try await SignInFixture.make().service
        await #expect(throws: SignInServiceError.appNotFound("ghost")) { try await service.sendCode(app: "ghost", email: "a@b.c", client: "c") }
        await #expect(throws: SignInServiceError.appNotFound("ghost")) {
            try await service.verifyCode(app: "ghost", email: "a@b.c", code: "123456", deviceID: "d", client: "c")
        }
        await #expect(throws: SignInServiceError.appNotFound("ghost")) { try await service.session(app: "ghost", token: nil) }
    }
}
