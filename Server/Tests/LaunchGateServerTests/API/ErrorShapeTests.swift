import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Every error has one JSON shape and a request ID; logs carry no query strings")
struct ErrorShapeTests {
    // MARK: Tests

    /// Hummingbird's router has no 405: a path it serves, asked with a method it does not take,
    /// resolves to no responder and gets the same 404 as a path it does not serve.
    @Test("Hummingbird's own 404 (an unknown path, or a known path with a method it does not take) and 413 answer in the JSON shape with X-Request-ID")
    func frameworkErrors() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let missing = try await client.execute(uri: "/no/such/path", method: .get)
            #expect(missing.status == .notFound)
            #expect(missing.errorCode == "not-found")
            #expect(missing.headers[.requestID]?.isEmpty == false)
            #expect(missing.headers[.contentType] == "application/json; charset=utf-8")
            let wrongMethod = try await client.execute(uri: "/v1/apps/notes/policy", method: .delete)
            #expect(wrongMethod.status == .notFound)
            #expect(wrongMethod.errorCode == "not-found")
            #expect(wrongMethod.headers[.requestID]?.isEmpty == false)
            #expect(wrongMethod.headers[.contentType] == "application/json; charset=utf-8")
            let huge = ByteBuffer(repeating: UInt8(ascii: "x"), count: 300 * 1024)
            let tooLarge = try await client.execute(uri: "/v1/admin/apps/notes/policy", method: .put, headers: TestServer.bearer(server.adminToken), body: huge)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(tooLarge.errorCode == "body-too-large")
            #expect(tooLarge.headers[.requestID]?.isEmpty == false)
        }
    }

    @Test("domain errors map to their status and stable code, with the request ID")
    func domainErrors() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let cases: [(String, HTTPResponse.Status, String)] = [
                ("/v1/apps/nope/policy", .notFound, "app-not-found"),
                ("/v1/apps/notes/check", .badRequest, "missing-version"),
                ("/v1/apps/notes/check?version=1..2", .badRequest, "invalid-version"),
                ("/v1/apps/notes/policy?platform=amiga", .badRequest, "unknown-platform"),
                ("/v1/admin/apps", .unauthorized, "unauthorized"),
            ]
            for (uri, status, code) in cases {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == status, "\(uri)")
                #expect(response.errorCode == code, "\(uri)")
                #expect(response.headers[.requestID]?.isEmpty == false, "\(uri)")
            }
        }
    }

    @Test("request logs name the route and path but never the query, and cut long paths short")
    func logsWithoutQuery() async throws {
        let base = try await TestServer.make()
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "test") { _ in handler }
        logger.logLevel = .info
        let app = buildApplication(base.components, configuration: base.configuration, logger: logger)
        let longPath = "/v1/apps/" + String(repeating: "a", count: 2_000) + "/policy"
        try await app.test(.router) { client in
            _ = try await client.execute(uri: "/v1/apps/notes/check?version=1.0.0&install=SECRET-INSTALL-ID", method: .get)
            _ = try await client.execute(uri: longPath, method: .get)
        }
        let lines = handler.entries.filter { $0.message.description == "request" }
        #expect(lines.count == 2)
        let text = lines.map { "\($0.metadata)" }.joined()
        #expect(!text.contains("SECRET-INSTALL-ID"))
        #expect(text.contains("/v1/apps/notes/check"))
        #expect(text.contains("/v1/apps/{app}/check") || text.contains("/v1/apps/:app/check"))
        #expect(lines.allSatisfy { ($0.metadata["path"]?.description.utf8.count ?? 0) <= RequestLogMiddleware<LaunchGateRequestContext>.maximumPathLength + 3 })
    }

    @Test("each domain error kind has a status and an exit-worthy meaning")
    func kinds() {
        #expect(ErrorResponse.status(for: .invalidInput) == .badRequest)
        #expect(ErrorResponse.status(for: .unavailable) == .serviceUnavailable)
        #expect(ErrorResponse.status(for: .rateLimited) == .tooManyRequests)
        #expect(ServiceError.appNotFound("x").kind == .notFound)
        #expect(ServiceError.invalidPolicy([]).code == "invalid-policy")
    }
    @Test("storage and key errors reach HTTP clients without hosts, users or paths; the detail goes to the log under the request ID",
          arguments: [StorageError.unavailable("PostgreSQL at db-7.internal:5432 as launchgate_rw is not reachable") as any LaunchGateFailure,
                      MasterKeyError.lost(path: "/srv/launchgate/master.key")])
    func operatorDetailsStayInLog(failure: any LaunchGateFailure) async throws {
        let logs = InMemoryLogHandler()
        let router = Router(context: LaunchGateRequestContext.self)
        router.add(middleware: ErrorMiddleware())
        router.get("/boom") { _, _ -> Response in throw failure }
        let application = Application(router: router, logger: Logger(label: "t") { _ in logs })
        try await application.test(.router) { client in
            let response = try await client.execute(uri: "/boom", method: .get)
            #expect(!response.text.contains("db-7") && !response.text.contains("launchgate_rw") && !response.text.contains("/srv/launchgate"), "\(response.text)")
            #expect(response.text.contains("X-Request-ID"), "\(response.text)")
            #expect(response.errorCode == failure.code)
            #expect(response.headers[.requestID]?.isEmpty == false)
        }
        #expect(logs.entries.contains { "\($0.metadata)".contains(String(failure.message.prefix(20))) }, "the log keeps the detail")
    }
}
