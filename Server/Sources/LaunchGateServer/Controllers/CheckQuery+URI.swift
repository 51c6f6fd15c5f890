import HummingbirdCore
import LaunchGate
import LaunchGateHTTP
import LaunchGatePolicies

extension CheckQuery {
    /// The reading of a `/check` request, by the router and the hot path alike: Hummingbird's
    /// parsed query, percent-decoded, the first of repeated names winning, and an error for the
    /// first value that can't be read.
    /// - Parameter uri: The request's URI, as Hummingbird parsed it.
    /// - Throws: ``InputError`` naming the first value that can't be read, or a missing `version`.
    init(uri: URI) throws {
        let query = uri.queryParameters
        // What Hummingbird's `Parameters.get(_:)` does; HummingbirdCore alone lacks it.
        func value(_ name: String) -> String? { query[name[...]].map(String.init) }
        guard let version = try QueryValues.version(value("version"), name: "version") else { throw InputError.missingVersion }
        let build: BuildNumber?
        do { build = try value("build").flatMap { $0.isEmpty ? nil : try BuildNumber(parsing: $0) } } catch {
            throw InputError.invalidVersion("build", "\(error)")
        }
        self.init(
            version: version, build: build, platform: try QueryValues.platform(value("platform")) ?? .ios,
            channel: try QueryValues.channel(value("channel")), os: try QueryValues.version(value("os"), name: "os"),
            install: value("install"), device: value("device"), languages: CheckQuery.languages(from: value("lang").map { Substring($0) }))
    }
}
