import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate

/// Reading query parameters and headers into LaunchGate types, with errors a person can act on.
package enum RequestValues {
    package static let clientHeader = HTTPField.Name(AppInfo.clientHeaderName)!
    package static let signatureHeader = HTTPField.Name(PolicySignature.headerName)!

    package static func channel(_ request: Request) throws -> ReleaseChannel {
        try QueryValues.channel(request.uri.queryParameters.get("channel"))
    }

    package static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: try jsonBytes(value)))
    }

    package static func jsonBytes(_ value: some Encodable) throws -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return ByteBuffer(bytes: try encoder.encode(value))
    }

    package static func body<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let buffer = try await request.collectBody(upTo: 256 * 1024)
        do { return try JSONDecoder().decode(type, from: Data(buffer: buffer)) } catch {
            throw InputError.invalidBody(Self.describe(error))
        }
    }

    package static func describe(_ error: any Error) -> String {
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
