import Foundation
import Hummingbird
@_spi(LaunchGateServer) import LaunchGate
import LaunchGateHTTP
import LaunchGateSignIn
import NIOCore

/// Reading sign-in requests and sending answers over HTTP. The shapes themselves are the SDK's
/// ``AuthWire`` types, which the SDK's client uses too, so the two ends can't drift apart; the
/// answers are made from the service's records in `AuthWire+Server.swift`.
enum SignInWire {
    /// The most bytes a request body may have.
    static let maximumBodySize = 4096

    /// Reads a request body as `T`, or says in words what is wrong with it.
    /// - Throws: ``SignInServiceError`` `invalid_request`.
    static func read<T: Decodable>(_ type: T.Type, from request: Request, example: String) async throws -> T {
        // A browser sends a cross-site form or text/plain POST without asking first (no CORS
        // preflight), so any web page could make its visitors request codes; JSON it must ask for.
        guard isJSON(request.headers[.contentType]) else {
            throw SignInServiceError.invalidRequest("send the body as JSON, with the header Content-Type: application/json")
        }
        let buffer: ByteBuffer
        do { buffer = try await request.collectBody(upTo: maximumBodySize) } catch is NIOTooManyBytesError {
            throw SignInServiceError.invalidRequest("the body is larger than \(maximumBodySize / 1024) KiB")
        }
        guard buffer.readableBytes > 0 else { throw SignInServiceError.invalidRequest("the body is empty; send JSON such as \(example)") }
        do { return try JSONDecoder().decode(type, from: Data(buffer: buffer)) } catch {
            throw SignInServiceError.invalidRequest(describe(error, example: example))
        }
    }

    /// Whether a Content-Type names JSON: `application/json` or a `+json` type, with any parameters.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        // `omittingEmptySubsequences: false`, so ";application/json" is an empty type, not JSON.
        let parts = contentType.split(separator: ";", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let type = parts[0]
        guard type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json")) else { return false }
        // JSON is UTF-8 (RFC 8259); a body declared in another charset would be read as something it isn't.
        return parts.dropFirst().allSatisfy { !$0.hasPrefix("charset=") || ["charset=utf-8", "charset=\"utf-8\""].contains($0) }
    }

    /// Empties a body that carries nothing (sign-out's `{}`), still refusing one over the cap.
    static func drain(_ request: Request) async throws {
        do { _ = try await request.collectBody(upTo: maximumBodySize) } catch is NIOTooManyBytesError {
            throw SignInServiceError.invalidRequest("the body is larger than \(maximumBodySize / 1024) KiB")
        }
    }

    private static func describe(_ error: any Error, example: String) -> String {
        func path(_ context: DecodingError.Context) -> String { context.codingPath.map(\.stringValue).joined(separator: ".") }
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: return "\"\(key.stringValue)\" is missing; send JSON such as \(example)"
        case .valueNotFound(_, let context)?: return "\"\(path(context))\" is null; it must be a string"
        case .typeMismatch(_, let context)?:
            return context.codingPath.isEmpty ? "the body must be a JSON object such as \(example)" : "\"\(path(context))\" must be a string"
        default: return "the body is not valid JSON; send JSON such as \(example)"
        }
    }

    /// A JSON answer that no cache may keep: it carries a session or says something about one.
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        // Encoding strings, numbers and dates can't fail; the fallback keeps the seed's shape if it ever did.
        let body = (try? RequestValues.jsonBytes(value))
            ?? ByteBuffer(string: #"{"status":"error","message":"The answer could not be encoded.","error":"internal"}"#)
        return Response(status: status, headers: fields, body: .init(byteBuffer: body))
    }
}
