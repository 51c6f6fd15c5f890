import Foundation

/// Where a send's new code goes among its address's codes, the same rule for every repository.
///
/// An address holds one code per network, up to ``CodeRequest/liveCodesPerAddress`` live ones,
/// so that a send from one network never takes another's code while its requester types it in
/// (issue 27, item 3). A send from a network that already has a code replaces it.
/// One from a further network, when the address is full, takes the place of the oldest live code
/// past ``CodeRequest/codeHold``; with every live code younger than that it is refused until the
/// oldest is that old, so an attacker's sends can't evict the code someone asked for in its first
/// minutes (and can't be used to make mail to the address either: the refusal sends nothing).
package enum CodeRoom: Equatable {
    /// The network's own place, or a free one.
    case free
    /// The code of this network is ended to make room: expired as of its making, its waiting mail ended,
    /// but kept, since it dates the network's last send for ``isFirstSend(from:among:at:)``
    /// (review s10, R5: a deleted one let the network's next send skip the caps again).
    case replacing(network: String)
    /// No room for this many seconds.
    case full(TimeInterval)

    /// The hour a network's first send is counted in: the address's caps' window.
    package static let firstSendWindow: TimeInterval = 3600

    /// Whether a send from `network` is its first to the address in ``firstSendWindow``: none of
    /// `codes`, every code stored for the address (kept long after they expire or are ended to
    /// make room), is its from that long ago. A send replaces its network's code, so the stored
    /// one is its latest send's.
    static func isFirstSend(from network: String, among codes: [SignInCodeRecord], at now: Date) -> Bool {
        !codes.contains { $0.network == network && now.timeIntervalSince($0.createdAt) < firstSendWindow }
    }

    /// The room a request finds among `codes`, every code stored for its address.
    static func find(for request: CodeRequest, among codes: [SignInCodeRecord], at now: Date) -> CodeRoom {
        let live = codes.filter { $0.consumedAt == nil && now < $0.expiresAt && $0.attempts < request.attemptsPerCode }
        // Its own live code is replaced in place; a dead one (stored until the sweep) takes no room.
        if live.contains(where: { $0.network == request.code.network }) { return .free }
        guard live.count >= max(1, request.liveCodesPerAddress),
              let oldest = live.min(by: { ($0.createdAt, $0.network) < ($1.createdAt, $1.network) }) else { return .free }
        let held = oldest.createdAt.addingTimeInterval(request.codeHold).timeIntervalSince(now)
        return held <= 0 ? .replacing(network: oldest.network) : .full(held)
    }
}
