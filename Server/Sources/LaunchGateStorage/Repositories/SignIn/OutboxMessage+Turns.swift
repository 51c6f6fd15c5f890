import Foundation

extension OutboxMessage {
    /// Orders messages so that apps take turns, and within an app its networks do: each app's
    /// first message, then each app's second, and so on, where an app's messages go one per
    /// network a round. Newest first within a network (its newest code is the one its person
    /// types), and oldest first within a round.
    ///
    /// Newest first alone let a flood of sends from one network or app (each within its caps)
    /// take every slot of every claim while another network's code, the one a person waits
    /// for, stayed queued past its life (issue 27, R3). Taking turns leaves a flood one slot a
    /// round. Within a round, newest first still let one mail each from many networks, queued
    /// after a person's code, go before it: 300 /24s delayed it 96 s (attack s12, B1). Oldest
    /// first, what was queued later waits for it. The SQL claim ranks rows the same way (``SQLSignInRepository/claimDueMail(at:lease:limit:)``),
    /// and sorts what it claimed with this, which a claim's rows keep: a claim takes a prefix of
    /// every app's and every network's turns, so their ranks are the same among the claimed.
    /// - Parameter messages: Messages of any apps and networks.
    /// - Returns: The same messages in turns.
    package static func inTurns(_ messages: some Sequence<OutboxMessage>) -> [OutboxMessage] {
        let newestFirst = { (a: OutboxMessage, b: OutboxMessage) in (a.createdAt, a.id) > (b.createdAt, b.id) }
        let oldestFirst = { (a: OutboxMessage, b: OutboxMessage) in (a.createdAt, a.id) < (b.createdAt, b.id) }
        var networkTurn: [String: Int] = [:]
        let byNetwork = Dictionary(grouping: messages) { [$0.appID, $0.network] }
        for group in byNetwork.values {
            for (turn, message) in group.sorted(by: newestFirst).enumerated() { networkTurn[message.id] = turn }
        }
        var appTurn: [String: Int] = [:]
        for group in Dictionary(grouping: messages, by: \.appID).values {
            let ordered = group.sorted { a, b in
                networkTurn[a.id, default: 0] != networkTurn[b.id, default: 0]
                    ? networkTurn[a.id, default: 0] < networkTurn[b.id, default: 0] : oldestFirst(a, b)
            }
            for (turn, message) in ordered.enumerated() { appTurn[message.id] = turn }
        }
        return messages.sorted { a, b in
            appTurn[a.id, default: 0] != appTurn[b.id, default: 0] ? appTurn[a.id, default: 0] < appTurn[b.id, default: 0] : oldestFirst(a, b)
        }
    }
}
