import Foundation
import LaunchGate
import LaunchGateStorage

/// Asks the iTunes lookup what one storefront serves, and refuses any answer that isn't plainly
/// true: another app's bundle ID, a version LaunchGate can't compare, a store URL off Apple's
/// site, or notes longer than a dialog can show.
///
/// ```swift
/// let client = AppStoreLookupClient(transport: AsyncHTTPAppStoreTransport())
/// let release = try await client.lookup(.bundleID("com.example.app"), storefront: "us")
/// ```
public struct AppStoreLookupClient: Sendable {
    /// Apple's lookup.
    public static let defaultBaseURL = URL(string: "https://itunes.apple.com")!
    /// The longest body read: real answers for one app are a few kilobytes.
    public static let maximumBodyBytes = 1 << 20
    /// The whole request's limit.
    public static let timeout: Duration = .seconds(10)
    /// The longest release notes published, in characters; Apple allows 4000.
    public static let maximumNotesLength = 4000

    private let transport: any AppStoreHTTPTransport
    private let baseURL: URL
    private let cacheBuster: @Sendable () -> String

    /// Creates a client.
    /// - Parameters:
    ///   - transport: The HTTP client.
    ///   - baseURL: The lookup's base, checked with ``AppStoreLookupURL/parse(_:allowLoopbackHTTP:)``.
    ///   - cacheBuster: A value that differs per request, so Apple's CDN can't answer from its cache.
    public init(transport: any AppStoreHTTPTransport, baseURL: URL = Self.defaultBaseURL,
                cacheBuster: @escaping @Sendable () -> String = { String(UInt64.random(in: 0...UInt64.max), radix: 36) }) {
        self.transport = transport
        self.baseURL = baseURL
        self.cacheBuster = cacheBuster
    }

    /// The request's URL: `{base}/lookup?bundleId=…&country=…&entity=software&_=…`.
    public func url(for identity: AppStoreIdentity, storefront: String) -> URL {
        var components = URLComponents(url: baseURL.appendingPathComponent("lookup"), resolvingAgainstBaseURL: false)!
        let item = identity.queryItem
        components.queryItems = [URLQueryItem(name: item.name, value: item.value), URLQueryItem(name: "country", value: storefront),
                                 URLQueryItem(name: "entity", value: "software"), URLQueryItem(name: "_", value: cacheBuster())]
        return components.url!
    }

    /// What `storefront` serves of the app.
    /// - Throws: ``AppStoreLookupError``.
    public func lookup(_ identity: AppStoreIdentity, storefront: String) async throws -> StorefrontRelease {
        let response: AppStoreHTTPResponse
        do {
            response = try await transport.get(url(for: identity, storefront: storefront), timeout: Self.timeout, maximumBytes: Self.maximumBodyBytes)
        } catch AppStoreTransportError.timeout {
            throw AppStoreLookupError.timeout(storefront: storefront)
        } catch AppStoreTransportError.tooLarge(let limit) {
            throw AppStoreLookupError.tooLarge(storefront: storefront, limit: limit)
        } catch AppStoreTransportError.failed(let reason) {
            throw AppStoreLookupError.unreachable(storefront: storefront, reason)
        }
        guard response.status == 200 else { throw AppStoreLookupError.status(storefront: storefront, response.status) }
        // A transport that ignored the limit must not get a bigger body through.
        guard response.body.count <= Self.maximumBodyBytes else { throw AppStoreLookupError.tooLarge(storefront: storefront, limit: Self.maximumBodyBytes) }
        let answer: LookupAnswer
        do {
            answer = try JSONDecoder().decode(LookupAnswer.self, from: response.body)
        } catch {
            throw AppStoreLookupError.malformed(storefront: storefront, "not a lookup answer")
        }
        guard answer.resultCount == answer.results.count else {
            throw AppStoreLookupError.malformed(storefront: storefront, "resultCount \(answer.resultCount) with \(answer.results.count) results")
        }
        guard let result = answer.results.first else { throw AppStoreLookupError.missing(storefront: storefront) }
        // One app is asked for; two answers can't both be it, and taking the first would be a guess (attack s13, 7).
        guard answer.results.count == 1 else {
            throw AppStoreLookupError.malformed(storefront: storefront, "\(answer.results.count) results for one app")
        }
        return try Self.check(result, identity: identity, storefront: storefront)
    }

    private static func check(_ result: LookupAnswer.Result, identity: AppStoreIdentity, storefront: String) throws -> StorefrontRelease {
        func refuse(_ reason: String) -> AppStoreLookupError { .refused(storefront: storefront, reason) }
        if let expected = identity.bundleID, result.bundleId != expected {
            throw refuse("it is for bundle ID '\(result.bundleId.prefix(80))', not \(expected)")
        }
        // A link by Apple ID is held to that ID as a link by bundle ID is to its bundle ID: an answer
        // without it, or for another app, publishes nothing (review s13, G6).
        if let expected = identity.appleID, result.trackId.map(String.init) != expected {
            throw refuse("it is for Apple ID '\(result.trackId.map(String.init) ?? "none")', not \(expected)")
        }
        guard let version = try? AppVersion(parsing: result.version) else { throw refuse("'\(result.version.prefix(40))' is not a version") }
        var minimumOS: AppVersion?
        if let text = result.minimumOsVersion {
            guard let os = try? AppVersion(parsing: text) else { throw refuse("minimumOsVersion '\(text.prefix(40))' is not a version") }
            minimumOS = os
        }
        var storeURL: URL?
        if let text = result.trackViewUrl {
            guard let url = URL(string: text), url.scheme == "https", url.host?.lowercased() == "apps.apple.com",
                  url.user == nil, url.password == nil, url.port == nil else {
                throw refuse("trackViewUrl is not an https page on apps.apple.com")
            }
            storeURL = url
        }
        if let notes = result.releaseNotes, notes.count > maximumNotesLength {
            throw refuse("the release notes are over \(maximumNotesLength) characters")
        }
        let releaseDate = result.currentVersionReleaseDate.flatMap { try? Date($0, strategy: .iso8601) }
        return StorefrontRelease(version: version, notes: result.releaseNotes.map(shownText), storeURL: storeURL, minimumOS: minimumOS, releaseDate: releaseDate)
    }

    /// Release notes as the SDK's dialog may show them: control characters other than line breaks
    /// and tabs, and the bidirectional overrides and isolates that can make text read as something
    /// else (U+202A–U+202E, U+2066–U+2069), are removed (attack s13, 6).
    static func shownText(_ notes: String) -> String {
        String(String.UnicodeScalarView(notes.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A, 0x09: true
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: false
            default: true
            }
        }))
    }
}
