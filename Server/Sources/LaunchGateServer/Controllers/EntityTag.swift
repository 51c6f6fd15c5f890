import Foundation

/// `If-None-Match` handling for the public documents' strong ETags.
enum EntityTag {
    /// Whether an `If-None-Match` value matches a strong ETag, compared weakly as RFC 9110 §13.1.2
    /// says for GET and HEAD: `*`, the tag itself, or its weak form, alone or in a list.
    static func matches(_ header: String, etag: String) -> Bool {
        header.split(separator: ",", omittingEmptySubsequences: false).contains { candidate in
            let tag = candidate.trimmingCharacters(in: Self.blanks)
            return tag == "*" || tag == etag || (tag.hasPrefix("W/") && tag.dropFirst(2) == etag)
        }
    }

    private static let blanks = CharacterSet(charactersIn: " \t")
}
