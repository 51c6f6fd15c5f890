/// `If-None-Match` handling shared by the router and the fast path.
enum EntityTag {
    /// Whether an `If-None-Match` value matches a strong ETag, compared weakly as RFC 9110 §13.1.2
    /// says for GET and HEAD: `*`, the tag itself, or its weak form, alone or in a list.
    static func matches(_ header: some StringProtocol, etag: String) -> Bool {
        if header == etag { return true }
        return header.split(separator: ",").contains { candidate in
            let value = candidate.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }
            let tag = String(value.reversed())
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
