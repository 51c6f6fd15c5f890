import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// A tiny browser for console tests: keeps the console's cookies, reads forms' CSRF tokens,
/// and posts forms the way a page would.
final class ConsoleBrowser: @unchecked Sendable {
    let client: any TestClientProtocol
    var cookies: [String: String] = [:]
    var extraHeaders: HTTPFields = [:]

    init(_ client: any TestClientProtocol) { self.client = client }

    @discardableResult
    func get(_ uri: String) async throws -> TestResponse {
        try await send(uri, method: .get, body: nil)
    }

    @discardableResult
    func post(_ uri: String, _ fields: [(String, String)]) async throws -> TestResponse {
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send(uri, method: .post, body: body, contentType: "application/x-www-form-urlencoded")
    }

    func send(_ uri: String, method: HTTPRequest.Method, body: String?, contentType: String? = nil) async throws -> TestResponse {
        var headers = extraHeaders
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") }
        if let contentType { headers[.contentType] = contentType }
        let response = try await client.execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        for value in response.headers[values: .setCookie] {
            let pair = value.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let (name, cookie) = (String(pair[0]), pair.count > 1 ? String(pair[1]) : "")
            if cookie.isEmpty || value.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = cookie }
        }
        return response
    }

    /// Signs in with a token through the sign-in form.
    @discardableResult
    func signIn(_ token: String) async throws -> TestResponse {
        let page = try await get("/console/sign-in")
        return try await post("/console/sign-in", [("csrf", Self.csrf(in: page)), ("token", token)])
    }

    /// The first form's CSRF token on a page.
    static func csrf(in response: TestResponse) -> String {
        let text = String(buffer: response.body)
        guard let range = text.range(of: #"name="csrf" value="[0-9a-f]{64}""#, options: .regularExpression) else { return "" }
        return String(text[range].dropLast().suffix(64))
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
