import Hummingbird
import NIOCore

extension Request {
    /// The body, up to `maximum` bytes, refused at once when its declared `Content-Length` is
    /// already larger.
    ///
    /// `collect(upTo:)` alone only notices once the bytes arrive, so a client that declares a
    /// gigabyte and sends one byte held the request (and a connection slot) until the request read
    /// timeout (10 s, `RequestReadTimeout`) cut the connection, unanswered (attack s14, H5; review
    /// s14, K16). NIO's parser has already read and checked the header.
    /// - Throws: `NIOTooManyBytesError`, as `collect(upTo:)` does, which every caller maps to 413.
    package func collectBody(upTo maximum: Int) async throws -> ByteBuffer {
        if let declared = headers[.contentLength].flatMap({ Int($0) }), declared > maximum {
            throw NIOTooManyBytesError(maxBytes: maximum)
        }
        return try await body.collect(upTo: maximum)
    }
}
