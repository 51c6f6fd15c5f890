import Foundation

/// Which URLs may carry secrets (an address with its code, a session token): https, or plain http
/// to this device's own loopback address, where nothing crosses a network (local servers, tests).
///
/// Redirects are held to ``RedirectRule`` as well, so an answer can't come from another origin.
enum SecureOrigin {
    static func allows(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return false }
        if scheme == "https" { return true }
        return scheme == "http" && isLoopback(host)
    }

    private static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if bare == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
