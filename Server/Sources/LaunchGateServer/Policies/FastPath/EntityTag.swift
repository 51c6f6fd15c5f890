/// `If-None-Match` handling shared by the router and the fast path, on bytes: a request whose
/// tag differs must cost no more than one that matches.
enum EntityTag {
    /// Whether an `If-None-Match` value matches a strong ETag, compared weakly as RFC 9110 §13.1.2
    /// says for GET and HEAD: `*`, the tag itself, or its weak form, alone or in a list.
    static func matches(_ header: String, etag: String) -> Bool {
        var (header, etag) = (header, etag)
        return header.withUTF8 { header in
            etag.withUTF8 { matches(UnsafeRawBufferPointer(header), etag: UnsafeRawBufferPointer($0)) }
        }
    }

    /// The same, on the raw bytes of the header value and of the quoted ETag.
    static func matches(_ header: UnsafeRawBufferPointer, etag: UnsafeRawBufferPointer) -> Bool {
        var start = 0
        while start <= header.count {
            var end = start
            while end < header.count, header[end] != UInt8(ascii: ",") { end += 1 }
            var (low, high) = (start, end)
            while low < high, isSpace(header[low]) { low += 1 }
            while high > low, isSpace(header[high - 1]) { high -= 1 }
            let candidate = UnsafeRawBufferPointer(rebasing: header[low..<high])
            if candidate.count == 1, candidate[0] == UInt8(ascii: "*") { return true }
            if candidate.hasSameBytes(as: etag) { return true }
            if candidate.count == etag.count + 2, candidate[0] == UInt8(ascii: "W"), candidate[1] == UInt8(ascii: "/"),
               UnsafeRawBufferPointer(rebasing: candidate[2...]).hasSameBytes(as: etag) { return true }
            start = end + 1
        }
        return false
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}
