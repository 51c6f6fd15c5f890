import Foundation

/// The rule for the lookup's base URL an operator may set (`serve --appstore-lookup-url`):
/// https, or plain http to a loopback host only behind `--appstore-allow-loopback-http` (the fakes
/// the tests run): by default nothing on the machine's own network can pose as Apple.
public enum AppStoreLookupURL {
    /// Parses and checks a base URL.
    /// - Parameter allowLoopbackHTTP: Accept plain http to a loopback host (`--appstore-allow-loopback-http`).
    /// - Throws: ``AppStoreLinkError`` `invalid-appstore-url`.
    public static func parse(_ text: String, allowLoopbackHTTP: Bool = false) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty,
              url.user == nil, url.password == nil, url.query == nil, url.fragment == nil else {
            throw AppStoreLinkError.invalidURL(text)
        }
        switch scheme {
        case "https": return url
        case "http" where allowLoopbackHTTP && isLoopback(host): return url
        default: throw AppStoreLinkError.invalidURL(text)
        }
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "[::1]" || host == "::1" || (host.hasPrefix("127.") && host.split(separator: ".").count == 4
            && host.split(separator: ".").allSatisfy { UInt8($0) != nil })
    }
}
