import Foundation
@testable import LaunchGateAppStore

/// An ``AppStoreHTTPTransport`` that answers from a script per storefront (the `country` query
/// item), and records the URLs asked.
actor FakeAppStoreTransport: AppStoreHTTPTransport {
    enum Answer: Sendable {
        case json(String)
        case status(Int)
        case error(AppStoreTransportError)
        case body(Data)
        /// Takes the lookup's whole timeout on the test's clock (or none without one), then times out.
        case stall
    }

    private var answers: [String: Answer]
    private(set) var requested: [URL] = []
    private let clock: TestPollClock?

    init(_ answers: [String: Answer] = [:], clock: TestPollClock? = nil) {
        self.answers = answers
        self.clock = clock
    }

    /// The storefronts asked, in order.
    var countries: [String] { requested.map(Self.country) }

    func set(_ storefront: String, _ answer: Answer) { answers[storefront] = answer }

    nonisolated func get(_ url: URL, timeout: Duration, maximumBytes: Int) async throws -> AppStoreHTTPResponse {
        try await answer(url, maximumBytes: maximumBytes)
    }

    private func answer(_ url: URL, maximumBytes: Int) throws -> AppStoreHTTPResponse {
        requested.append(url)
        switch answers[Self.country(url)] ?? .json(#"{"resultCount":0,"results":[]}"#) {
        case .json(let text): return AppStoreHTTPResponse(status: 200, body: Data(text.utf8))
        case .status(let code): return AppStoreHTTPResponse(status: code, body: Data())
        case .error(let error): throw error
        case .stall:
            clock?.advance(AppStoreLookupClient.timeout)
            throw AppStoreTransportError.timeout
        case .body(let data):
            // As the live transport does: a body over the limit is refused, not returned.
            guard data.count <= maximumBytes else { throw AppStoreTransportError.tooLarge(limit: maximumBytes) }
            return AppStoreHTTPResponse(status: 200, body: data)
        }
    }

    private static func country(_ url: URL) -> String {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "country" }?.value ?? ""
    }

    /// A lookup answer in the shape Apple's has, with the fields the poller reads.
    static func lookup(version: String, bundleID: String = "com.example.notes", notes: String = "Bug fixes.",
                       url: String = "https://apps.apple.com/us/app/notes/id1234567?uo=4", minimumOS: String = "16.0") -> Answer {
        let result: [String: Any] = [
            "version": version, "bundleId": bundleID, "releaseNotes": notes, "trackViewUrl": url, "minimumOsVersion": minimumOS,
            "currentVersionReleaseDate": "2026-11-20T08:00:00Z", "trackId": 1_234_567, "kind": "software",
        ]
        let data = try! JSONSerialization.data(withJSONObject: ["resultCount": 1, "results": [result]], options: [.sortedKeys])
        return .json(String(decoding: data, as: UTF8.self))
    }
}
