import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate
import LaunchGateStorage
import Logging
import NIOCore

/// The one place errors become HTTP: `{"error": {"code": "…", "message": "…", "issues": […]}}`,
/// with a stable code and a message a person can act on, for domain errors and Hummingbird's own
/// alike. The seed-compatible endpoints are not served through here when they answer.
package enum ErrorResponse {
    /// The status for a kind of failure.
    package static func status(for kind: FailureKind) -> HTTPResponse.Status {
        switch kind {
        case .invalidInput: .badRequest
        case .unauthenticated: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .conflict: .conflict
        case .tooLarge: .contentTooLarge
        case .rateLimited: .tooManyRequests
        case .unavailable: .serviceUnavailable
        case .internal: .internalServerError
        }
    }

    /// The response for any error a handler or middleware threw.
    package static func response(for error: any Error, requestID: String, logger: Logger) -> Response {
        var response: Response
        switch error {
        case let failure as any LaunchGateFailure:
            var headers: HTTPFields = [:]
            if failure.kind == .unauthenticated { headers[.wwwAuthenticate] = "Bearer" }
            if let retryAfter = failure.retryAfter { headers[.retryAfter] = "\(retryAfter)" }
            if failure.kind == .internal || failure.kind == .unavailable || failure.isForOperatorsOnly {
                logger.error("request failed", metadata: ["code": "\(failure.code)", "error": "\(failure.message)"])
            }
            let message = failure.isForOperatorsOnly ? publicMessage(for: failure.kind) : failure.message
            response = make(status(for: failure.kind), code: failure.code, message: message, issues: failure.issues, headers: headers)
        case is NIOTooManyBytesError:
            // What `collect(upTo:)` throws when a body passes the endpoint's limit.
            response = make(.contentTooLarge, code: "body-too-large", message: message(for: .contentTooLarge))
        case let error as HTTPError:
            response = make(error.status, code: code(for: error.status), message: error.body ?? message(for: error.status), headers: error.headers)
        default:
            logger.error("unexpected error", metadata: ["error": "\(String(reflecting: error).prefix(500))"])
            response = make(.internalServerError, code: "internal",
                            message: "something unexpected went wrong; the server's log has the details under this request's X-Request-ID")
        }
        response.headers[.requestID] = requestID
        return response
    }

    /// What a client is told about a failure whose own message is for operators only.
    package static func publicMessage(for kind: FailureKind) -> String {
        switch kind {
        case .unavailable:
            "the server's storage is not answering now; try again shortly (the server's log has details under this request's X-Request-ID)"
        default:
            "the server could not do this because of its own configuration or state; its log has the details under this request's X-Request-ID"
        }
    }

    /// A JSON error response.
    package static func make(_ status: HTTPResponse.Status, code: String, message: String, issues: [PolicyIssue] = [],
                     headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: body(code: code, message: message, issues: issues)))
    }

    /// The JSON body alone, for writers below Hummingbird (the decoder's 400s).
    package static func body(code: String, message: String, issues: [PolicyIssue] = []) -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = Body(error: .init(code: code, message: message, issues: issues.isEmpty ? nil : issues))
        // Encoding strings and issues can't fail; the fallback keeps the shape if it ever did.
        let data = (try? encoder.encode(body)) ?? Data(#"{"error":{"code":"internal","message":"the error could not be encoded"}}"#.utf8)
        return ByteBuffer(bytes: data)
    }

    /// Codes for Hummingbird's own errors, which carry only a status.
    private static func code(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "not-found"
        case .methodNotAllowed: "method-not-allowed"
        case .contentTooLarge: "body-too-large"
        case .uriTooLong: "uri-too-long"
        case .badRequest: "bad-request"
        case .unsupportedMediaType: "unsupported-media-type"
        default: status.code < 500 ? "client-error" : "internal"
        }
    }

    private static func message(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "nothing is served at this path; see /openapi.yaml for the endpoints"
        case .methodNotAllowed: "this path does not take this method; see /openapi.yaml"
        case .contentTooLarge: "the request body is larger than this endpoint accepts"
        case .uriTooLong: "the request target is too long"
        default: status.reasonPhrase.isEmpty ? "the request failed" : status.reasonPhrase.lowercased()
        }
    }

    private struct Body: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
            let issues: [PolicyIssue]?
        }
        let error: Detail
    }
}

extension HTTPField.Name {
    /// `X-Request-ID`, the ID in every log line for a request.
    package static let requestID = HTTPField.Name("X-Request-ID")!
}
