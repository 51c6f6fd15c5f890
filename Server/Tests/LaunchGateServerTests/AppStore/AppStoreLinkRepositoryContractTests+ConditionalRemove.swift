import Foundation
import LaunchGate
import Testing
@testable import LaunchGateStorage

/// The contract's removal under a condition, which an unlink of a link with no storefronts takes (review s15, M11).
extension AppStoreLinkRepositoryContractTests {
    @Test("a removal under a revision's condition removes the link only while no publish came since and it is the same link",
          arguments: TestBackend.available)
    func conditionalRemove(_ backend: TestBackend) async throws {
        try await withPublishing(backend) { repository, links in
            let linked = link()
            try await links.save(linked)
            let unpublished = repository.atRevision(appID: "notes", channel: .production, number: 0)
            // A poll's publish after the unlink read "none published": the link stays, to withdraw what it published.
            _ = try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "appstore", note: nil,
                                             at: Samples.now, expectedRevision: nil, condition: links.stillLinked(linked), events: nil)
            #expect(try await links.remove(linked, if: unpublished) == false)
            #expect(try await links.find(app: "notes", platform: .ios) == linked)
            // Relinked meanwhile: the new link isn't the one being unlinked, and stays.
            let current = repository.atRevision(appID: "notes", channel: .production, number: 1)
            let relinked = link(minute: 1)
            try await links.save(relinked)
            #expect(try await links.remove(linked, if: current) == false)
            #expect(try await links.find(app: "notes", platform: .ios)?.isSameLink(as: relinked) == true)
            #expect(try await links.remove(relinked, if: current))
            #expect(try await links.find(app: "notes", platform: .ios) == nil)
        }
    }
}
