import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate

/// Reading query parameters and headers into LaunchGate types, with errors a person can act on.
enum RequestValues {
    static let clientHeader = HTTPField.Name(AppInfo.clientHeaderName)!
    static let signatureHeader = HTTPField.Name(PolicySignature.headerName)!

    static func platform(_ request: Request, default fallback: Platform? = .ios) throws -> Platform? {
        try QueryValues.platform(request.uri.queryParameters.get("platform"), default: fallback)
    }

    static func channel(_ request: Request) throws -> ReleaseChannel {
        try QueryValues.channel(request.uri.queryParameters.get("channel"))
    }

    /// Whether a query names only what the public routes read (`platform`, `channel`), each at
    /// most once and spelled as it is served, so that it may take a slot in the bounded table of
    /// prepared answers. Other spellings are still answered, by the router; they just can't fill
    /// the table with junk query strings and push real URLs off the fast path.
    static func isCanonical(_ query: String?, platform: Platform?, channel: ReleaseChannel) -> Bool {
        guard let query else { return true }
        var seen: Set<Substring> = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: false) {
            guard let equals = pair.firstIndex(of: "=") else { return false }
            let (name, value) = (pair[..<equals], pair[pair.index(after: equals)...])
            guard seen.insert(name).inserted else { return false }
            switch name {
            case "platform": guard let platform, value == platform.rawValue else { return false }
            case "channel": guard value == channel.rawValue else { return false }
            default: return false
            }
        }
        return true
    }

    /// Whether `If-None-Match` names the ETag (or `*`), comparing weakly as RFC 9110 says for GET.
    static func matches(_ request: Request, etag: String) -> Bool {
        request.headers[.ifNoneMatch].map { EntityTag.matches($0, etag: etag) } ?? false
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: try jsonBytes(value)))
    }

    static func jsonBytes(_ value: some Encodable) throws -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return ByteBuffer(bytes: try encoder.encode(value))
    }

    static func body<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let buffer = try await request.body.collect(upTo: 256 * 1024)
        do { return try JSONDecoder().decode(type, from: Data(buffer: buffer)) } catch {
            throw InputError.invalidBody(Self.describe(error))
        }
    }

    static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "not JSON" }
        switch decoding {
        case .keyNotFound(let key, _): return "\"\(key.stringValue)\" is required"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        @unknown default: return "unreadable"
        }
    }
}
