import Foundation

/// The iTunes lookup's JSON, only the fields the poller reads: `{"resultCount": 1, "results": [{…}]}`.
/// Decoded strictly: a field of the wrong type fails the whole answer rather than being skipped.
struct LookupAnswer: Decodable {
    struct Result: Decodable {
        let version: String
        let releaseNotes: String?
        let trackViewUrl: String?
        let minimumOsVersion: String?
        let bundleId: String
        /// The app's Apple ID, which a link by Apple ID checks as a link by bundle ID checks `bundleId`.
        let trackId: Int?
        let currentVersionReleaseDate: String?
    }

    let resultCount: Int
    let results: [Result]
}
