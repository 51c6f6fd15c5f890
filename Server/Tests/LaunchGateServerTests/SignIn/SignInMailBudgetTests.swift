import Foundation
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// An app-wide bound on sign-in mail (issue 27, M3): sends to ever-new addresses, each under its
/// own limits, queued 2,160 mails in 30 s from about 70 client addresses.
@Suite("Sign-in mail per app: a network's sends to all of an app's addresses, and the app's mail, are capped per hour")
struct SignInMailBudgetTests {
    private static func send(_ fixture: SignInFixture, _ email: String, app: String = "notes", from client: String) async -> String {
        do {
            _ = try await fixture.service.sendCode(app: app, email: email, client: client)
            return "ok"
        } catch let error as SignInServiceError {
            return error.code
        } catch {
            return "\(error)"
        }
    }

    @Test("one network's sends to ever-new addresses stop at its hourly cap, with the answer any address gets; another network goes on")
    func perNetwork() async throws {
        let fixture = try await SignInFixture.make(configuration: SignInConfiguration(clientSends: 0, appNetworkSendsPerHour: 5))
        var answers: [String] = []
        for index in 0..<7 { answers.append(await Self.send(fixture, "new-\(index)@example.com", from: "203.0.113.\(index + 1)")) }
        #expect(answers == ["ok", "ok", "ok", "ok", "ok", "rate_limited", "rate_limited"], "\(answers)")
        await #expect(throws: SignInServiceError.rateLimited(retryAfter: 3600)) {
            try await fixture.service.sendCode(app: "notes", email: "ada@example.com", client: "203.0.113.99")
        }
        #expect(await Self.send(fixture, "ada@example.com", from: "198.51.100.1") == "ok")
        #expect(await Self.send(fixture, "new-9@example.com", app: "todo", from: "203.0.113.1") == "ok", "per app")
        fixture.clock.advance(by: 3600)
        #expect(await Self.send(fixture, "new-10@example.com", from: "203.0.113.1") == "ok", "the hour is over")
        await fixture.close()
    }

    @Test("a network's cap counts the addresses it was sent codes for: sends an address's own limits refuse spend none of it")
    func perNetworkCountsIssued() async throws {
        let fixture = try await SignInFixture.make(configuration: SignInConfiguration(clientSends: 0, appNetworkSendsPerHour: 5))
        #expect(await Self.send(fixture, "a@example.com", from: "203.0.113.1") == "ok")
        for _ in 0..<5 { #expect(await Self.send(fixture, "a@example.com", from: "203.0.113.1") == "rate_limited", "one per 60 s") }
        var answers: [String] = []
        for index in 0..<5 { answers.append(await Self.send(fixture, "new-\(index)@example.com", from: "203.0.113.1")) }
        #expect(answers == ["ok", "ok", "ok", "ok", "rate_limited"], "\(answers): 5 addresses sent codes, whatever was refused between")
        await fixture.close()
    }

    @Test("past half an app's cap only networks under their fair share send: 20 networks flooding leave a new network's send queued")
    func fairShare() async throws {
        let fixture = try await SignInFixture.make(configuration: SignInConfiguration(clientSends: 0, appNetworkSendsPerHour: 10, appMailPerHour: 200))
        var queued = 0
        for network in 0..<20 {
            for index in 0..<10 where await Self.send(fixture, "n\(network)-\(index)@example.com", from: "203.0.\(network).1") == "ok" { queued += 1 }
        }
        #expect(queued == 150, "10 networks to 100 mails, half the cap, then 5 each")
        #expect(await Self.send(fixture, "ada@example.com", from: "198.51.100.1") == "ok", "a new network's send is still queued")
        await #expect(throws: SignInServiceError.rateLimited(retryAfter: 3600)) {
            try await fixture.service.sendCode(app: "notes", email: "eve@example.com", client: "203.0.19.1")
        }
        await fixture.close()
    }

    @Test("an app's queued mail stops at its hourly cap; sends an address's own limits refuse don't spend it")
    func perApp() async throws {
        let fixture = try await SignInFixture.make(configuration: SignInConfiguration(clientSends: 0, appMailPerHour: 3))
        #expect(await Self.send(fixture, "a@example.com", from: "192.0.2.1") == "ok")
        for _ in 0..<5 { #expect(await Self.send(fixture, "a@example.com", from: "192.0.2.1") == "rate_limited", "one per 60 s") }
        #expect(await Self.send(fixture, "b@example.com", from: "198.51.100.1") == "ok")
        #expect(await Self.send(fixture, "c@example.com", from: "203.0.113.1") == "ok")
        #expect(await Self.send(fixture, "d@example.com", from: "203.0.114.1") == "rate_limited", "3 mails an hour for the app")
        #expect(try await fixture.components.signInRepository.outboxStatus().counts["pending"] == 3)
        #expect(await Self.send(fixture, "d@example.com", app: "todo", from: "203.0.114.1") == "ok", "per app")
        await fixture.close()
    }
}
