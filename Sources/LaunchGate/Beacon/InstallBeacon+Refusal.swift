import Foundation

extension InstallBeacon {
    /// The error codes with which a server turns away prompt counts it can never take: a revision
    /// its channel never published (`unknown-revision`, for instance counts an SDK before the
    /// channel stored for a beta revision, or for an app deleted and made again) or a body it
    /// can't read (`invalid-funnel`, for instance a beta channel sent to a server from before it).
    /// Sending them again tomorrow would be refused again, and would take the ping down with them.
    static let refusedCountCodes: Set<String> = ["unknown-revision", "invalid-funnel"]

    /// Whether the answer refuses the counts for good: 400 with one of ``refusedCountCodes`` in the
    /// server's `{"error": {"code": …}}`. Anything else (a proxy's bare 400, a 5xx) may pass tomorrow.
    static func refusesCounts(_ response: TransportResponse) -> Bool {
        guard response.status == 400, let answer = try? JSONDecoder().decode(ErrorAnswer.self, from: response.body) else { return false }
        return refusedCountCodes.contains(answer.error.code)
    }

    /// The part of the server's error body read here.
    private struct ErrorAnswer: Decodable {
        struct Detail: Decodable { var code: String }
        var error: Detail
    }
}
