import Foundation
import LaunchGate
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// 100 active iOS installs of "notes" under ``Samples/policy(required:latest:)`` (required 2.0.0,
/// latest 2.4.1 needing iOS 16.0, recommended 2.3.0), last seen at ``Samples/now`` and first seen
/// the day before (so the publish guard counts them: it leaves out installs first seen today):
///
/// | version | build | iOS  | installs | now sees          |
/// | ------- | ----- | ---- | -------- | ----------------- |
/// | 2.4.1   | 241   | 17.0 | 50       | up to date        |
/// | 2.3.0   | 230   | 17.0 | 20       | update available  |
/// | 2.1.0   | 210   | 16.0 | 20       | recommended       |
/// | 1.9.0   | 190   | 17.0 | 6        | update required   |
/// | 1.9.0   | 190   | 15.0 | 4        | device unsupported|
enum AdoptionFixture {
    static let groups: [(version: String, build: String, os: String, count: Int)] = [
        ("2.4.1", "241", "17.0", 50), ("2.3.0", "230", "17.0", 20), ("2.1.0", "210", "16.0", 20),
        ("1.9.0", "190", "17.0", 6), ("1.9.0", "190", "15.0", 4),
    ]

    static func seed(_ installs: any InstallRepository, at time: Date = Samples.now) async throws {
        var sightings: [InstallSighting] = []
        for group in groups {
            for index in 0..<group.count {
                sightings.append(InstallSighting(appID: "notes", platform: .ios, installHash: "\(group.version)-\(group.os)-\(index)",
                                                 version: group.version, build: group.build, os: group.os, at: time))
            }
        }
        try await established(sightings, in: installs)
    }

    /// Records sightings, then each again a day earlier: installs first seen the day before,
    /// which the publish guard counts. The earlier sighting arrives late, so it only moves
    /// `firstSeen` back and leaves the groups and the daily rollup as the first recording made them.
    static func established(_ sightings: [InstallSighting], in installs: any InstallRepository) async throws {
        try await installs.record(sightings)
        try await installs.record(sightings.map {
            var earlier = $0
            earlier.at = $0.at.addingTimeInterval(-86_400)
            return earlier
        })
    }

    /// A server at ``Samples/now`` with the fixture's installs.
    static func server(_ backend: TestBackend = .memory) async throws -> TestServer {
        let server = try await TestServer.make(backend, now: { Samples.now })
        try await seed(server.components.installs)
        return server
    }
}
