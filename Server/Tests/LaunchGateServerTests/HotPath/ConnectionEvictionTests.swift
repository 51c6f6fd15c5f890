import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing
@testable import LaunchGateServer

/// Which connection gives way near the cap when every network holds its fair share of one
/// (re-attack A2: 2,100 /24s reconnecting at once, asking every 5 s, closed a legitimate client
/// asking every 20 s 4 times in 9 requests), on ``ConnectionShares/Standing`` alone and on
/// embedded channels with an injected clock.
@Suite("Near the cap with every network at its fair share, a churn of reconnects gives way before a long-lived quiet client")
struct ConnectionEvictionTests {
    typealias Standing = ConnectionShares.Standing
    private static let start = NIODeadline.uptimeNanoseconds(1_000_000_000)

    // MARK: Tests

    @Test("a reconnect that asked once a moment ago gives way before a client that has held its connection for minutes and is idler")
    func churnBeforeQuiet() {
        let now = Self.at(.seconds(300))
        let quiet = Standing(opened: Self.start, lastRead: now - .seconds(19), requested: true, now: now)
        let reconnect = Standing(opened: now - .milliseconds(50), lastRead: now - .milliseconds(49), requested: true, now: now)
        let busy = Standing(opened: Self.start, lastRead: now - .seconds(4), requested: true, now: now)
        #expect(quiet.idle > reconnect.idle, "the idlest-first rule closed the quiet client")
        #expect(reconnect.givesWay(before: quiet) && !quiet.givesWay(before: reconnect))
        // Of connections as old, the idler still goes first.
        #expect(quiet.givesWay(before: busy) && !busy.givesWay(before: quiet))
    }

    @Test("of two connections opened at the same instant, the one that has sent nothing since gives way first")
    func silentBeforeUsed() {
        let now = Self.at(.seconds(50))
        let silent = Standing(opened: Self.start, lastRead: Self.start, requested: false, now: now)
        let used = Standing(opened: Self.start, lastRead: now - .seconds(19), requested: true, now: now)
        #expect(silent.givesWay(before: used) && !used.givesWay(before: silent))
    }

    @Test("a connection that has sent nothing for two seconds gives way before a client served after it, and the oldest of such first")
    func silentBeforeServedLater() {
        let now = Self.at(.seconds(55))
        let silent = Standing(opened: Self.start, lastRead: Self.start, requested: false, now: now)
        let served = Standing(opened: Self.at(.seconds(50)), lastRead: Self.at(.seconds(50)), requested: true, now: now)
        #expect(silent.givesWay(before: served) && !served.givesWay(before: silent))
        #expect(silent.givesWay(before: served, newcomersCrowded: true) && !served.givesWay(before: silent, newcomersCrowded: true))
        let younger = Standing(opened: Self.at(.seconds(40)), lastRead: Self.at(.seconds(40)), requested: false, now: now)
        #expect(silent.givesWay(before: younger) && !younger.givesWay(before: silent))
    }

    @Test("near the cap, a connection silent since 0 s gives way at 55 s, not a client served at 50 s nor the older served crowd")
    func silentGoesAtTheCap() throws {
        let clock = ConnectionShareTests.TestClock()
        let shares = ConnectionShareTests.shares(maximum: 20, perClient: 100, clock: clock)
        let silent = try ConnectionShareTests.connect("192.0.9.1", shares)
        // 16 networks, served at 0 s: with the silent one and the client, the mark of 18.
        let crowd = try (1...16).map { try ConnectionShareTests.connect("203.0.\($0).1", shares) }
        for channel in crowd { try Self.ask(channel) }
        clock.advance(.seconds(50))
        let client = try ConnectionShareTests.connect("198.51.100.5", shares)
        try Self.ask(client)
        clock.advance(.seconds(5))
        let newcomer = try ConnectionShareTests.connect("192.0.2.1", shares)
        #expect(!silent.isActive, "the connection that never asked")
        #expect(client.isActive && newcomer.isActive && crowd.allSatisfy { $0.isActive })
        #expect(shares.counts.open == 18)
    }

    @Test("of connections tied on age and idle time, the admission order decides: the first admitted of silent ones or newcomers, the last of served ones")
    func tiesByAdmission() throws {
        let now = Self.at(.seconds(10))
        for (requested, opened, firstGoes) in [(false, Self.start, true), (false, now - .seconds(1), true), (true, Self.start, false)] {
            let first = Standing(opened: opened, lastRead: opened, requested: requested, now: now, serial: 1)
            let second = Standing(opened: opened, lastRead: opened, requested: requested, now: now, serial: 2)
            #expect(first.givesWay(before: second) == firstGoes && second.givesWay(before: first) == !firstGoes, "requested: \(requested), age \(first.age)")
        }
        // On channels: 18 networks admitted at one instant, none asking; the first admitted goes.
        let clock = ConnectionShareTests.TestClock()
        let shares = ConnectionShareTests.shares(maximum: 20, perClient: 100, clock: clock)
        let crowd = try (1...18).map { try ConnectionShareTests.connect("203.0.\($0).1", shares) }
        clock.advance(.seconds(5))
        _ = try ConnectionShareTests.connect("192.0.2.1", shares)
        #expect(crowd.map { $0.isActive } == [false] + Array(repeating: true, count: 17))
    }

    @Test("a connection awaiting its first request gives way last for two seconds, then first")
    func firstRequestGrace() {
        let opened = Self.at(.seconds(100))
        let old = Standing(opened: Self.start, lastRead: Self.start, requested: true, now: opened + .milliseconds(100))
        let waiting = Standing(opened: opened, lastRead: opened, requested: false, now: opened + .milliseconds(100))
        #expect(waiting.awaitingFirstRequest && !waiting.givesWay(before: old) && old.givesWay(before: waiting))
        let late = opened + .seconds(2)
        let silent = Standing(opened: opened, lastRead: opened, requested: false, now: late)
        #expect(!silent.awaitingFirstRequest)
        #expect(silent.givesWay(before: Standing(opened: Self.start, lastRead: Self.start, requested: true, now: late)))
        // A request ends the grace at once: a reconnect that asked is not spared.
        #expect(!Standing(opened: opened, lastRead: opened, requested: true, now: opened + .milliseconds(100)).awaitingFirstRequest)
    }

    @Test("a quiet client keeps its one connection for a minute of reconnects from as many networks as the mark, and each reconnect is admitted")
    func churnAtTheCap() throws {
        let clock = ConnectionShareTests.TestClock()
        let shares = ConnectionShareTests.shares(maximum: 20, perClient: 100, clock: clock)
        let client = try ConnectionShareTests.connect("198.51.100.5", shares)
        try Self.ask(client)
        clock.advance(.seconds(1))
        // 17 networks, one connection each, asking every 5 s: with the client, the mark of 18.
        let crowd = try (1...17).map { try ConnectionShareTests.connect("203.0.\($0).1", shares) }
        for channel in crowd { try Self.ask(channel) }
        var arrivals: [EmbeddedChannel] = []
        for second in 2...61 {
            clock.advance(.seconds(1))
            if second % 20 == 0 { try Self.ask(client) }
            for (index, channel) in crowd.enumerated() where channel.isActive && (second + index) % 5 == 0 { try Self.ask(channel) }
            // A reconnect from a network of its own asks at once, as the botnet's did.
            let arrival = try ConnectionShareTests.connect("10.0.\(second).1", shares)
            #expect(arrival.isActive, "a newcomer at \(second) s")
            try Self.ask(arrival)
            arrivals.append(arrival)
            try #require(client.isActive, "the quiet client, at \(second) s")
            #expect(shares.counts.open <= 19)
        }
        #expect(arrivals.filter { $0.isActive }.count <= 2, "the churn closed its own connections")
    }

    @Test("a newcomer whose request has not arrived is not closed by the next connection, and gives way first once two seconds pass without one")
    func newcomerWaitingToAsk() throws {
        let clock = ConnectionShareTests.TestClock()
        let shares = ConnectionShareTests.shares(maximum: 20, perClient: 100, clock: clock)
        let crowd = try (1...18).map { try ConnectionShareTests.connect("203.0.\($0).1", shares) }
        for channel in crowd { try Self.ask(channel) }
        clock.advance(.seconds(10))
        let newcomer = try ConnectionShareTests.connect("192.0.2.1", shares)
        clock.advance(.milliseconds(100))
        let next = try ConnectionShareTests.connect("192.0.3.1", shares)
        try Self.ask(next)
        #expect(newcomer.isActive, "closed before its request could arrive")
        clock.advance(.milliseconds(2_200))
        _ = try ConnectionShareTests.connect("192.0.4.1", shares)
        #expect(!newcomer.isActive && next.isActive, "silent past its grace, before the newest that had asked")
        // 192.0.4.1 awaits its request now, within its grace: the newest that had asked goes.
        _ = try ConnectionShareTests.connect("192.0.5.1", shares)
        #expect(!next.isActive)
    }

    @Test("a crowd arriving at once, none of it asked yet, gives way before the one client that had asked")
    func crowdBeforeClient() throws {
        let clock = ConnectionShareTests.TestClock()
        let shares = ConnectionShareTests.shares(maximum: 20, perClient: 100, clock: clock)
        let client = try ConnectionShareTests.connect("198.51.100.5", shares)
        try Self.ask(client)
        clock.advance(.milliseconds(500))
        // 17 networks connect before the server has read any of their requests; the 18th passes the mark.
        var crowd: [EmbeddedChannel] = []
        for network in 1...18 {
            crowd.append(try ConnectionShareTests.connect("203.0.\(network).1", shares))
            clock.advance(.milliseconds(1))
        }
        #expect(client.isActive, "the client that had asked, while the crowd's requests were unread")
        #expect(!crowd[0].isActive && crowd.dropFirst().allSatisfy { $0.isActive }, "the crowd's oldest, which waited longest for its request")
        // A few newcomers are not a crowd: they give way last.
        let few = Standing(opened: Self.at(.seconds(10)), lastRead: Self.at(.seconds(10)), requested: false, now: Self.at(.seconds(11)))
        let asked = Standing(opened: Self.start, lastRead: Self.start, requested: true, now: Self.at(.seconds(11)))
        #expect(asked.givesWay(before: few) && few.givesWay(before: asked, newcomersCrowded: true))
    }

    // MARK: Helpers

    private static func at(_ amount: TimeAmount) -> NIODeadline { start + amount }

    /// A request arrives on `channel` and is answered.
    private static func ask(_ channel: EmbeddedChannel) throws {
        try ConnectionShareTests.startRequest(channel)
        try channel.writeOutbound(HTTPServerResponsePart.end(nil))
    }
}
