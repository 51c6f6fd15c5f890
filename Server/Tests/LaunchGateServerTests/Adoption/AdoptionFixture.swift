import Foundation
import LaunchGate
@testable import LaunchGateServer

/// 100 active iOS installs of "notes" under ``Samples/policy(required:latest:)`` (required 2.0.0,
/// latest 2.4.1 needing iOS 16.0, recommended 2.3.0), seen at ``Samples/now``:
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
        try await installs.record(sightings)
    }

    /// A server at ``Samples/now`` with the fixture's installs.
    static func server(_ backend: TestBackend = .memory) async throws -> TestServer {
        let server = try await TestServer.make(backend, now: { Samples.now })
        try await seed(server.components.installs)
        return server
    }
}
