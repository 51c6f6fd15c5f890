import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import LaunchGate
import Logging
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// The router is the reference: the same requests go to a server with the hot path and to one
/// without it (the same parts, so the same documents and signatures), and every answer must be
/// the same bytes but for the request ID's and `Date`'s values.
@Suite("The hot path answers byte for byte as the router does")
struct HotPathEquivalenceTests {
    private static let client = #"version="1.9.0", build="190", platform="ios", os="17.4", install="tester""#

    /// Requests as bytes, each sent twice in a row; `hot` when the second must come from the hot path.
    private static let cases: [(request: String, hot: Bool)] = {
        let policy = "/v1/apps/notes/policy"
        var cases: [(String, Bool)] = []
        func get(_ target: String, _ headers: String = "", hot: Bool) {
            cases.append(("GET \(target) HTTP/1.1\r\nHost: t\r\nAccept: application/json\r\n\(headers)\r\n", hot))
        }
        for query in ["?platform=ios", "", "?platform=android", "?channel=production&platform=ios", "?platform=ios&x=1&x=2",
                      "?platform=ios#fragment", "?platform=ios&channel=PRODUCTION", "?platform=i%6Fs"] {
            get(policy + query, hot: true)
        }
        get(policy + "?platform=ios", "LaunchGate-Client: \(client)\r\n", hot: true)
        get(policy + "?platform=ios", "If-None-Match: ETAG\r\n", hot: true)
        get(policy + "?platform=ios", "If-None-Match: \"other\", W/ETAG\r\n", hot: true)
        get(policy + "?platform=ios", "If-None-Match: *\r\n", hot: true)
        get(policy + "?platform=ios", "If-None-Match: \"other\"\r\n", hot: true)
        cases.append(("HEAD \(policy)?platform=ios HTTP/1.1\r\nHost: t\r\n\r\n", true))
        for seed in ["version", "config", "version-lockout", "version.json"] {
            get("/v1/apps/notes/\(seed)", hot: true)
            get("/v1/apps/notes/\(seed)?platform=android", hot: true)
        }
        for root in ["/api/version", "/api/config", "/api/version-lockout", "/version.json"] { get(root, hot: true) }
        for query in ["version=1.0.0", "platform=ios&version=2.2.0&build=220&os=17.4&install=A", "version=2.4.1&lang=de,fr",
                      "version=2.3.0&lang=", "version=2.0.0&install=tester", "version=1.0&channel=Production"] {
            get("/v1/apps/notes/check?" + query, hot: true)
        }
        get("/v1/apps/notes/check?version=1.0.0", "LaunchGate-Client: \(client)\r\n", hot: true)
        // Answered by the router every time, on both servers.
        for target in ["/v1/apps/ghost/policy?platform=ios", "\(policy)?platform=plan9", "\(policy)?channel=beta", "//v1/apps/notes/policy",
                       "/v1/apps/notes/policy/", "/v1/apps/%6Eotes/policy", "/v1/apps/notes/check?version=banana", "/v1/apps/notes/check",
                       "/v1/apps/notes/check?version=2.2.0&platform=plan9", "/healthz", "/nope"] {
            get(target, hot: false)
        }
        get(policy + "?platform=ios", "Content-Length: 0\r\n", hot: false)
        cases.append(("HEAD /version.json HTTP/1.1\r\nHost: t\r\n\r\n", false))
        cases.append(("POST \(policy) HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n", false))
        return cases
    }()

    // MARK: Tests

    @Test("every case gets the router's bytes from the hot path, and the prepared ones never reach the router twice")
    func sameBytes() async throws {
        let base = try await TestServer.make()
        _ = try await base.components.policies.addExemption(app: "notes", kind: .install, id: "tester", note: nil, author: "t")
        var reference = base.configuration
        reference.hotPath = false
        let routerLog = InMemoryLogHandler()
        var logger = Logger(label: "hot") { _ in routerLog }
        logger.logLevel = .info
        let hot = buildApplication(base.components, configuration: base.configuration, logger: logger)
        let router = buildApplication(base.components, configuration: reference, logger: TestBackend.logger)
        let etag = try await base.components.policies.document(app: "notes", channel: .production, platform: .ios, format: .canonical).etag
        try await hot.test(.live) { hotClient in
            try await router.test(.live) { routerClient in
                let (hotSocket, routerSocket) = (try RawClientSocket(port: try #require(hotClient.port)),
                                                 try RawClientSocket(port: try #require(routerClient.port)))
                for (template, expectHot) in Self.cases {
                    let request = template.replacingOccurrences(of: "ETAG", with: etag)
                    let isHead = request.hasPrefix("HEAD ")
                    var answers: [String] = []
                    var routed = 0
                    for round in 0..<2 {
                        try routerSocket.write(request)
                        answers.append(Self.masked(try #require(await routerSocket.response(seconds: 30, head: isHead), "\(request)")))
                        let before = Self.routerLines(routerLog)
                        try hotSocket.write(request)
                        answers.append(Self.masked(try #require(await hotSocket.response(seconds: 30, head: isHead), "\(request)")))
                        if round == 1 { routed = Self.routerLines(routerLog) - before }
                    }
                    #expect(Set(answers).count == 1, "\(request.debugDescription):\n\(answers.joined(separator: "\n---\n"))")
                    #expect(routed == (expectHot ? 0 : 1), "\(request.debugDescription) went \(routed == 0 ? "by the hot path" : "to the router")")
                }
            }
        }
    }

    @Test("pipelined requests mixing the hot path, the router and errors get the router's answers, in order")
    func pipelined() async throws {
        let base = try await TestServer.make()
        var reference = base.configuration
        reference.hotPath = false
        let hot = buildApplication(base.components, configuration: base.configuration, logger: TestBackend.logger)
        let router = buildApplication(base.components, configuration: reference, logger: TestBackend.logger)
        let requests = Self.cases.map(\.request).filter { !$0.hasPrefix("HEAD") && !$0.contains("ETAG") }
        let pipeline = String(repeating: requests.joined(), count: 3)
        try await hot.test(.live) { hotClient in
            try await router.test(.live) { routerClient in
                var results: [[String]] = []
                for port in [try #require(routerClient.port), try #require(hotClient.port)] {
                    let socket = try RawClientSocket(port: port)
                    try socket.write(pipeline)
                    var answers: [String] = []
                    for _ in 0..<(requests.count * 3) {
                        answers.append(Self.masked(try #require(await socket.response(seconds: 30))))
                    }
                    results.append(answers)
                }
                #expect(results[0] == results[1])
            }
        }
    }

    // MARK: Helpers

    /// The response with its request ID and `Date` values replaced, which differ per answer.
    private static func masked(_ response: String) -> String {
        response.split(separator: "\r\n", omittingEmptySubsequences: false).map { line in
            let lower = line.lowercased()
            if lower.hasPrefix("x-request-id:") { return "x-request-id: <id>" }
            if lower.hasPrefix("date:") { return "date: <date>" }
            return String(line)
        }.joined(separator: "\r\n")
    }

    /// The router's log lines so far: one per request it answered.
    private static func routerLines(_ log: InMemoryLogHandler) -> Int {
        log.entries.filter { $0.message.description == "request" }.count
    }
}
