import Foundation
import LaunchGate
import Testing
@testable import LaunchGateStorage

/// The contract's reset generation: a poll that read the link before a reset recorded publishes and records nothing (attack s16b, A).
extension AppStoreLinkRepositoryContractTests {
    @Test("a poll that read the link before a reset recorded neither publishes nor records over it; one that read it after does",
          arguments: TestBackend.available)
    func resetRacesPoll(_ backend: TestBackend) async throws {
        try await withPublishing(backend) { repository, links in
            try await links.save(link())
            let high = AppStoreLinkStatus(nextPollAt: Samples.now, trustedVersion: "101.0.0")
            #expect(try await links.record(link(), served: ["us": "101.0.0"], status: high, reset: false))
            let polled = try #require(try await links.find(app: "notes", platform: .ios))
            // The reset, which read the same link, records the pulled release's 96.0.0 first.
            var lowered = polled.status
            lowered.trustedVersion = "96.0.0"
            #expect(try await links.record(polled, served: ["us": "96.0.0"], status: lowered, reset: true))
            // The poll then publishes and records its 101.0.0: both refused.
            await #expect(throws: ServiceError.self) {
                try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "appstore", note: nil,
                                             at: Samples.now, expectedRevision: nil, condition: links.stillLinked(polled), events: nil)
            }
            #expect(try await links.record(polled, served: ["us": "101.0.0"], status: high, reset: false) == false)
            let stored = try #require(try await links.find(app: "notes", platform: .ios))
            #expect(stored.served == ["us": "96.0.0"] && stored.status.trustedVersion == "96.0.0", "the reset stands")
            // A poll that read the link after the reset publishes and records as before.
            _ = try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "appstore", note: nil,
                                             at: Samples.now, expectedRevision: nil, condition: links.stillLinked(stored), events: nil)
            #expect(try await links.record(stored, served: ["us": "97.0.0"], status: stored.status, reset: false))
            #expect(try await links.find(app: "notes", platform: .ios)?.served == ["us": "97.0.0"])
        }
    }

    @Test("a reset's publish sets its floor and moves the generation in its own transaction: a poll that read the link before publishes nothing after it, one that reads it after reads the reset's floor, and a publish that fails changes neither (review s16b, Q3)",
          arguments: TestBackend.available)
    func resetPublishSetsFloor(_ backend: TestBackend) async throws {
        try await withPublishing(backend) { repository, links in
            try await links.save(link())
            let high = AppStoreLinkStatus(nextPollAt: Samples.now, trustedVersion: "101.0.0")
            #expect(try await links.record(link(), served: ["us": "101.0.0"], status: high, reset: false))
            let polled = try #require(try await links.find(app: "notes", platform: .ios))
            // A publish that fails (here a revision race) leaves the floor and the generation as they were.
            _ = try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "t", note: nil,
                                             at: Samples.now, expectedRevision: nil, condition: nil, events: nil)
            await #expect(throws: ServiceError.self) {
                try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "appstore", note: nil, at: Samples.now,
                                             expectedRevision: 0, condition: links.resetting(polled, floor: ["us": "96.0.0"], reset: true), events: nil)
            }
            #expect(try await links.find(app: "notes", platform: .ios) == polled, "a failed publish changes nothing")
            // The reset's publish commits: its floor and the next generation are stored before it records.
            _ = try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "appstore", note: nil, at: Samples.now,
                                             expectedRevision: nil, condition: links.resetting(polled, floor: ["us": "96.0.0"], reset: true), events: nil)
            let between = try #require(try await links.find(app: "notes", platform: .ios))
            #expect(between.served == ["us": "96.0.0"] && between.resetGeneration == polled.resetGeneration + 1)
            // The poll that read the link before the reset's publish can't publish over it.
            await #expect(throws: ServiceError.self) {
                try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "appstore", note: nil,
                                             at: Samples.now, expectedRevision: nil, condition: links.stillLinked(polled), events: nil)
            }
            // The reset records as the link with the next generation.
            var lowered = polled.status
            lowered.trustedVersion = "96.0.0"
            var read = polled
            read.resetGeneration += 1
            #expect(try await links.record(read, served: ["us": "96.0.0"], status: lowered, reset: true))
            #expect(try await links.find(app: "notes", platform: .ios)?.status.trustedVersion == "96.0.0")
        }
    }

    @Test("an accept's publish merges its floor with the stored one, as its record would, and counts itself like a reset", arguments: TestBackend.available)
    func acceptPublishMergesFloor(_ backend: TestBackend) async throws {
        try await withPublishing(backend) { repository, links in
            try await links.save(link())
            #expect(try await links.record(link(), served: ["us": "101.0.0", "fr": "100.0.0"], status: AppStoreLinkStatus(nextPollAt: Samples.now), reset: false))
            let polled = try #require(try await links.find(app: "notes", platform: .ios))
            _ = try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "appstore", note: nil, at: Samples.now,
                                             expectedRevision: nil, condition: links.resetting(polled, floor: ["us": "96.0.0", "fr": "102.0.0"], reset: false),
                                             events: nil)
            let stored = try #require(try await links.find(app: "notes", platform: .ios))
            #expect(stored.served == ["us": "101.0.0", "fr": "102.0.0"] && stored.resetGeneration == polled.resetGeneration + 1)
        }
    }
}
