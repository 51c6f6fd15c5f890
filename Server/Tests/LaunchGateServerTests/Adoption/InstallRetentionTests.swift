import Foundation
import Hummingbird
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Install retention")
struct InstallRetentionTests {
    @Test("with recording off, a running server still forgets installs older than the retention", .timeLimit(.minutes(1)))
    func prunesWithRecordingOff() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            let old = Samples.now.addingTimeInterval(-100 * 86_400)
            try await server.components.installs.record([
                InstallSighting(appID: "notes", platform: .ios, installHash: "old", version: "2.0.0", build: "200", os: "17.0", at: old),
                InstallSighting(appID: "notes", platform: .ios, installHash: "new", version: "2.4.1", build: "241", os: "17.0", at: Samples.now),
            ])
            var configuration = server.configuration
            configuration.adoption.recordInstalls = false
            let app = buildApplication(server.components, configuration: configuration, logger: TestBackend.logger)
            try await app.test(.live) { _ in
                var versions: [String] = []
                for _ in 0..<100 {
                    versions = try await server.components.installs.groups(appID: "notes", platform: nil, fromDay: 0).map(\.version)
                    if versions.count == 1 { break }
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(versions == ["2.4.1"])
            }
        }
    }

    @Test("pruning runs once per UTC day")
    func oncePerDay() async throws {
        let installs = MemoryInstallRepository()
        let retention = InstallRetention(repository: installs, retentionDays: 90, now: { Samples.now })
        let today = InstallDay.of(Samples.now)
        #expect(await retention.prune(after: nil) == today)
        #expect(await retention.prune(after: today) == today)
    }
}
