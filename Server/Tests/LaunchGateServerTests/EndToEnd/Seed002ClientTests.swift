import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import HummingbirdTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Seed 002's SignInView, its two network calls as written (URLRequest, JSONSerialization, the
/// fields it reads), with its @State turned into plain properties so a test can read them.
private final class Seed002SignInView: @unchecked Sendable {
    let serverURL: String
    let session: URLSession
    var email = ""
    var code = ""
    var errorMessage = ""
    var enteringCode = false
    var isAuthenticated = false
    var isNewUser = false

    init(serverURL: String) {
        self.serverURL = serverURL
        session = URLSession(configuration: .ephemeral)
    }

    func sendCode() async {
        errorMessage = ""
        var request = URLRequest(url: URL(string: "\(serverURL)/api/auth/send-code")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let body = ["email": email.lowercased().trimmingCharacters(in: .whitespaces)]
        request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        guard let (data, _) = try? await session.data(for: request),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let status = json["status"] as? String else {
            errorMessage = "Invalid response from server"
            return
        }
        if status == "success" {
            enteringCode = true
        } else {
            errorMessage = json["message"] as? String ?? "Failed to send code"
        }
    }

    func verifyCode(deviceID: String) async {
        errorMessage = ""
        if code.count > 4 { code = String(code.prefix(4)) }   // the view's onChange limit
        var request = URLRequest(url: URL(string: "\(serverURL)/api/auth/verify-code")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let body: [String: Any] = [
            "email": email.lowercased().trimmingCharacters(in: .whitespaces),
            "code": code,
            "device_id": deviceID,
        ]
        request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        guard let (data, _) = try? await session.data(for: request),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let status = json["status"] as? String else {
            errorMessage = "Invalid response from server"
            return
        }
        if status == "success" {
            isNewUser = json["is_new_user"] as? Bool ?? false
            isAuthenticated = true
        } else {
            errorMessage = json["message"] as? String ?? "Verification failed"
        }
    }
}

@Suite("Seed 002's sign-in client, unchanged, against the server as `serve --demo` sets it up")
struct Seed002ClientTests {
    // MARK: Tests

    @Test("the seed's client sends, reads a 4-digit code, signs in as a new user, then as a returning one", arguments: TestBackend.available)
    func seedClient(backend: TestBackend) async throws {
        let location = try await backend.freshLocation()
        defer { if let location { Task { await TestBackend.remove(location) } } }
        let components = try await TestBackend.makeComponents(at: location)
        _ = try await DemoSeeder(components: components).seedIfEmpty()
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, defaultApp: DemoSeeder.appID,
                                                signIn: SignInConfiguration(resendInterval: 1))
        let server = TestServer(components: ServerComponents(database: components.database, repository: components.repository,
                                                             signInRepository: components.signInRepository,
                                                             signInConfiguration: configuration.signIn, masterKey: SignInFixture.masterKey),
                                configuration: configuration, adminToken: "")
        try await server.application.test(.live) { client in
            let view = Seed002SignInView(serverURL: "http://127.0.0.1:\(try #require(client.port))")
            view.email = "  Ada@Example.com"
            await view.sendCode()
            #expect(view.enteringCode && view.errorMessage.isEmpty)
            let code = try #require(try await server.code(for: "ada@example.com", app: DemoSeeder.appID))
            #expect(code.count == 4, "the seed's field takes 4 digits")

            view.code = "0000" == code ? "1111" : "0000"
            await view.verifyCode(deviceID: "seed-device")
            #expect(!view.isAuthenticated)
            #expect(view.errorMessage == "That code is not right, or it has expired. Ask for a new one.")

            view.code = code
            await view.verifyCode(deviceID: "seed-device")
            #expect(view.isAuthenticated && view.isNewUser && view.errorMessage.isEmpty)

            try await Task.sleep(for: .seconds(1.1))
            let again = Seed002SignInView(serverURL: view.serverURL)
            again.email = "ada@example.com"
            await again.sendCode()
            again.code = try #require(try await server.code(for: "ada@example.com", app: DemoSeeder.appID))
            await again.verifyCode(deviceID: "seed-device")
            #expect(again.isAuthenticated && !again.isNewUser, "\(again.errorMessage)")

            again.email = "not an address"
            again.enteringCode = false
            await again.sendCode()
            #expect(!again.enteringCode && again.errorMessage.hasPrefix("That email address can't be used"))
        }
        await components.database?.close()
    }
}
