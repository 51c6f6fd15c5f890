import Foundation
import LaunchGate

/// Reads the phased release of the version on sale from App Store Connect's API: the app by bundle
/// ID, its version ready for sale on a platform, and that version's `appStoreVersionPhasedRelease`.
public struct AppStoreConnectClient: Sendable {
    /// The version on sale and its phased release, if it has one.
    public struct Observation: Sendable, Hashable {
        /// The version string App Store Connect has on sale.
        public let version: String
        /// Its phased release; `nil` when it was released to everyone at once.
        public let phasedRelease: ApplePhasedRelease?
    }

    /// The cap on one answer's body: App Store Connect's answers here are a few kilobytes.
    public static let maxBodyBytes = 1 << 20
    /// The deadline for one request, body included.
    public static let requestTimeout: Duration = .seconds(10)

    private let baseURL: AppStoreConnectURL
    private let transport: any AppStoreConnectTransport
    private let tokens: AppStoreConnectTokens
    private let timeout: Duration

    /// - Parameters:
    ///   - baseURL: Apple's API, or a fake's.
    ///   - transport: The HTTP client.
    ///   - tokens: Signs and reuses tokens.
    ///   - timeout: The deadline of one request.
    public init(baseURL: AppStoreConnectURL = .apple, transport: any AppStoreConnectTransport, tokens: AppStoreConnectTokens,
                timeout: Duration = AppStoreConnectClient.requestTimeout) {
        self.baseURL = baseURL
        self.transport = transport
        self.tokens = tokens
        self.timeout = timeout
    }

    /// The version on sale for the platform and its phased release.
    /// - Returns: `nil` when no version of the app is ready for sale on the platform.
    /// - Throws: ``AppStoreConnectError``.
    public func observe(bundleID: String, platform: Platform, credentials: AppStoreConnectCredentials) async throws -> Observation? {
        guard let platformName = platform.appStoreConnectPlatform else { return nil }
        guard !bundleID.isEmpty, bundleID.count <= 155,
              bundleID.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "." || $0 == "-") }) else {
            throw AppStoreConnectError.invalidCredentials("the bundle ID must be letters, digits, dots and hyphens")
        }
        let apps: AppStoreConnectDocuments.List<AppStoreConnectDocuments.App> = try await get(
            "/v1/apps", query: [("filter[bundleId]", bundleID), ("fields[apps]", "bundleId"), ("limit", "1")], credentials: credentials)
        guard let app = apps.data.first(where: { $0.attributes.bundleId == bundleID }) else {
            throw AppStoreConnectError.appNotFound(bundleID: bundleID)
        }
        try Self.expect(app.type, "apps")
        let versions: AppStoreConnectDocuments.List<AppStoreConnectDocuments.Version> = try await get(
            "/v1/apps/\(try Self.pathSegment(app.id))/appStoreVersions",
            query: [("filter[platform]", platformName), ("filter[appStoreState]", "READY_FOR_SALE"), ("limit", "1")], credentials: credentials)
        guard let version = versions.data.first else { return nil }
        try Self.expect(version.type, "appStoreVersions")
        let phased: AppStoreConnectDocuments.Single<AppStoreConnectDocuments.PhasedRelease>
        do {
            phased = try await get("/v1/appStoreVersions/\(try Self.pathSegment(version.id))/appStoreVersionPhasedRelease",
                                   query: [], credentials: credentials)
        } catch is NotFound {
            return Observation(version: version.attributes.versionString, phasedRelease: nil)
        }
        guard let release = phased.data else { return Observation(version: version.attributes.versionString, phasedRelease: nil) }
        try Self.expect(release.type, "appStoreVersionPhasedReleases")
        return Observation(version: version.attributes.versionString,
                           phasedRelease: ApplePhasedRelease(state: release.attributes.phasedReleaseState,
                                                             currentDayNumber: release.attributes.currentDayNumber))
    }

    /// A 404 on the phased release: the version has none.
    private struct NotFound: Error {}

    private func get<Document: Decodable>(_ path: String, query: [(String, String)],
                                          credentials: AppStoreConnectCredentials) async throws -> Document {
        guard var components = URLComponents(url: baseURL.url, resolvingAgainstBaseURL: false) else {
            throw AppStoreConnectError(.insecureURL, "\(baseURL) is not a base URL")
        }
        components.path += path
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        guard let url = components.url else { throw AppStoreConnectError.malformed("a request URL could not be built") }
        let token = try tokens.token(for: credentials)
        let response = try await transport.get(url, bearer: token.compact, timeout: timeout, maxBytes: Self.maxBodyBytes)
        switch response.status {
        case 200: break
        case 401, 403: throw AppStoreConnectError.unauthorized(status: response.status)
        case 404 where path.hasSuffix("/appStoreVersionPhasedRelease"): throw NotFound()
        default: throw AppStoreConnectError.apiError(status: response.status)
        }
        guard response.body.count <= Self.maxBodyBytes else { throw AppStoreConnectError.tooLarge(limit: Self.maxBodyBytes) }
        do {
            return try JSONDecoder().decode(Document.self, from: response.body)
        } catch {
            throw AppStoreConnectError.malformed("\(path) did not hold the expected JSON")
        }
    }

    private static func expect(_ type: String, _ expected: String) throws {
        guard type == expected else { throw AppStoreConnectError.malformed("a \(expected) resource came back as \(type.prefix(60))") }
    }

    /// An ID from Apple goes into a path: letters, digits and hyphens only, so it can't climb out of it.
    private static func pathSegment(_ id: String) throws -> String {
        guard !id.isEmpty, id.count <= 100, id.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }) else {
            throw AppStoreConnectError.malformed("an ID was not letters, digits and hyphens")
        }
        return id
    }
}
