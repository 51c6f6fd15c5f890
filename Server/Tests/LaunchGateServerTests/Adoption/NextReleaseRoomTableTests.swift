import LaunchGate
import Testing
@testable import LaunchGateStorage

/// Review s9a: the table of candidates for the next release's room, asked directly. A holder put
/// back among the candidates kept the stamp it had when promoted, so the next newcomer evicted it
/// and its networks; and an entry with all its networks counted was refreshed by every sighting
/// from a network past them.
@Suite("The next release's candidates give way by when they last gained a network")
struct NextReleaseRoomTableTests {
    private let room = NextReleaseRoom()
    private let scope = InstallBudget.Scope(appID: "notes", platform: .ios)

    private func admit(_ version: String, from network: Int) throws -> Bool {
        room.admit(version, network: UInt64(network), in: scope, latest: try AppVersion(parsing: "7.0.0"), total: 100)
    }

    @Test("a holder displaced by the release stays a candidate through a new made-up version, and takes a place back with three more networks")
    func displacedHolderStaysCandidate() throws {
        for network in 1...3 { _ = try admit("99.0.0", from: network) }
        for network in 4...6 { _ = try admit("98.0.0", from: network) }
        // The table fills: made-up versions from one network each, the release, then 99.0.0 put back.
        for n in 0..<NextReleaseRoom.candidates - 1 { _ = try admit("8.0.\(n)", from: 100 + n) }
        var took = false
        for network in 200..<206 { took = try admit("7.0.1", from: network) }
        #expect(took, "the release displaces 99.0.0, as weak as 98.0.0 and higher")
        // A newcomer evicts the candidate that gained a network longest ago: a made-up one, not 99.0.0.
        _ = try admit("8.1.0", from: 300)
        #expect(try !admit("99.0.0", from: 400))
        #expect(try !admit("99.0.0", from: 401))
        #expect(try admit("99.0.0", from: 402), "6 networks, twice 98.0.0's 3: its first 3 were kept")
    }

    @Test("an entry with all its networks counted gains none from a network past them, however often it is seen")
    func fullEntryGainsNothing() throws {
        var entry = NextReleaseRoom.Entry(version: try AppVersion(parsing: "8.0.0"))
        let counted = (1...UInt64(NextReleaseRoom.networksCounted)).filter { entry.count($0) }.count
        #expect(counted == NextReleaseRoom.networksCounted)
        let gained = [entry.count(1_000), entry.count(1_000)]
        #expect(gained == [false, false], "nothing gained, seen once or again: it isn't refreshed")
        #expect(entry.networks.count == NextReleaseRoom.networksCounted)
    }
}
