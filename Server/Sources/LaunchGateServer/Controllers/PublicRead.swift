import Hummingbird
import HummingbirdCore
import LaunchGate
import LaunchGateHTTP
import LaunchGatePolicies

/// The public reads apps make, as one table: ``PublicController`` registers the router's routes
/// from it and the hot path (``PreparedAnswerHandler``) matches request paths against it, and
/// both read a request's query with the same functions, so they can't disagree on what a request
/// asks for.
enum PublicRead: Equatable, Sendable {
    /// A signed document, canonical or in a seed's shape.
    case document(app: String, format: DocumentFormat)
    /// `/check`'s evaluated decision.
    case check(app: String)

    /// The document routes under `/v1/apps/{app}/`, and the seeds' own paths, which answer for
    /// `--default-app`.
    static let documents: [(suffix: String, rootPath: String?, format: DocumentFormat)] = [
        ("policy", nil, .canonical),
        ("version", "/api/version", .seed(.latestBuild)),
        ("config", "/api/config", .seed(.minimumSupportedVersion)),
        ("version-lockout", "/api/version-lockout", .seed(.versionLockout)),
        ("version.json", "/version.json", .seed(.versionJSON)),
    ]

    private static let appPrefix = "/v1/apps/"

    /// The read that a path spelled exactly as the routes spell it asks for; `nil` for any other
    /// path, including other spellings the router may also match (doubled or trailing slashes,
    /// percent-encoding): those are the router's to answer.
    /// - Parameters:
    ///   - path: The request's path, without the query.
    ///   - defaultApp: The app the seeds' own paths answer for, if any.
    static func matching(path: String, defaultApp: String?) -> PublicRead? {
        guard path.hasPrefix(appPrefix) else {
            guard let defaultApp, let route = documents.first(where: { $0.rootPath == path }) else { return nil }
            return .document(app: defaultApp, format: route.format)
        }
        let rest = path.utf8.dropFirst(appPrefix.utf8.count)
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")), slash > rest.startIndex,
              rest[..<slash].allSatisfy(isAppIDByte) else { return nil }
        let app = String(Substring(rest[..<slash]))
        let suffix = Substring(rest[rest.index(after: slash)...])
        if suffix == "check" { return .check(app: app) }
        return documents.first { $0.suffix == suffix }.map { .document(app: app, format: $0.format) }
    }

    /// The bytes of app IDs (``AppRecord/isValidID(_:)``): any other byte can't name an app that
    /// exists, and may be read differently by the router (`%`).
    private static func isAppIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ".")
            : true
        default: false
        }
    }
}

extension DocumentKey {
    /// The document a read asks for: the platform and channel from its query, with the errors a
    /// person can act on. The canonical document without `platform` is the whole policy; a seed's
    /// shape is for iOS unless the query says otherwise.
    /// - Throws: ``InputError`` for a platform or channel that doesn't exist.
    init(app: String, format: DocumentFormat, uri: URI) throws {
        let query = uri.queryParameters
        let platform = try QueryValues.platform(query.get("platform"), default: format == .canonical ? nil : .ios)
        self.init(app: app, channel: try QueryValues.channel(query.get("channel")), platform: platform, format: format)
    }
}
