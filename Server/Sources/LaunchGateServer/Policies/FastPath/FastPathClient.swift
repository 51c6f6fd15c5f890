/// Who a connection's fast-path requests come from, for the per-client recording budget
/// (``SightingBudget``): the peer's key, read once per connection since reading it allocates, or
/// behind a trusted proxy the key of the `X-Forwarded-For` value, kept with its bytes so a run of
/// requests from one client resolves it once.
struct FastPathClient {
    private var peerKey = 0
    private var peerAddress: String?
    private var peerIsProxy = false
    private var lastForwarded: [UInt8] = []
    private var lastForwardedKey = 0

    /// Reads the connection's peer.
    init(peer: String?, sightings: SightingIntake) {
        peerAddress = peer
        peerKey = sightings.clientKey(peer: peer, forwardedFor: [])
        peerIsProxy = sightings.trusts(peer: peer)
    }

    /// The key a request counts under.
    /// - Parameters:
    ///   - forwardedFor: The request's `X-Forwarded-For` value, if it sent one.
    mutating func key(forwardedFor: UnsafeRawBufferPointer?, sightings: SightingIntake) -> Int {
        guard peerIsProxy, let value = forwardedFor else { return peerKey }
        if !lastForwarded.isEmpty, lastForwarded.withUnsafeBytes({ value.hasSameBytes(as: $0) }) { return lastForwardedKey }
        lastForwarded = Array(value)
        lastForwardedKey = sightings.clientKey(peer: peerAddress, forwardedFor: [String(decoding: value, as: UTF8.self)])
        return lastForwardedKey
    }
}
