import Foundation
import HummingbirdTesting
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Synchronization
import Testing
@testable import LaunchGateHTTP
@testable import LaunchGateServer
@testable import LaunchGateStorage

/// Each client address's share of the connections: ``ConnectionShares`` and its handler on
/// embedded channels with an injected clock, then on a live server with clients bound to
/// different loopback addresses.
@Suite("One client address can't take every connection: each holds its share, and the heaviest gives way near the cap")
struct ConnectionShareTests {
    // MARK: Tests

    @Test("a connection past its address's share is closed at once, while another address still connects")
    func share() throws {
        let shares = Self.shares(maximum: 100, perClient: 2)
        let held = try (0..<2).map { _ in try Self.connect("203.0.113.7", shares) }
        let over = try Self.connect("203.0.113.7", shares)
        #expect(held.allSatisfy { $0.isActive })
        #expect(!over.isActive, "a third connection from an address whose share is 2")
        #expect(try Self.connect("203.0.113.8", shares).isActive)
        #expect(shares.counts == (open: 3, addresses: 2))
    }

    @Test("IPv6 peers count per /64, and an IPv4 address mapped into IPv6 counts as the IPv4 address")
    func networks() throws {
        let shares = Self.shares(maximum: 100, perClient: 1)
        #expect(try Self.connect("2001:db8:1:2::1", shares).isActive)
        #expect(!(try Self.connect("2001:db8:1:2:ffff::9", shares).isActive), "a second address of the same /64")
        #expect(try Self.connect("2001:db8:1:3::1", shares).isActive)
        #expect(try Self.connect("203.0.113.7", shares).isActive)
        #expect(!(try Self.connect("::ffff:203.0.113.7", shares).isActive), "the same IPv4 address, mapped")
    }

    @Test("a connection past its network's share (IPv4 /24, IPv6 /48) is closed at once, while another network still connects")
    func networkShare() throws {
        let shares = Self.shares(maximum: 100, perClient: 1, perNetwork: 3)
        #expect(try (1...3).map { try Self.connect("203.0.113.\($0)", shares) }.allSatisfy { $0.isActive })
        #expect(!(try Self.connect("203.0.113.4", shares).isActive), "a fourth address of the same /24")
        #expect(try Self.connect("198.51.100.1", shares).isActive)
        #expect(try (1...3).map { try Self.connect("2001:db8:1:\($0)::1", shares) }.allSatisfy { $0.isActive }, "three /64s")
        #expect(!(try Self.connect("2001:db8:1:4::1", shares).isActive), "a fourth /64 of the same /48")
        #expect(try Self.connect("2001:db8:2:1::1", shares).isActive)
        #expect(shares.networks == 4)
    }

    @Test("a trusted proxy is a network of its own: it holds its share, and its neighbours theirs")
    func proxyNetwork() throws {
        let shares = Self.shares(maximum: 100, perClient: 1, perNetwork: 2, perProxy: 5, proxies: ["10.0.0.1/32"])
        #expect(try (0..<5).map { _ in try Self.connect("10.0.0.1", shares) }.allSatisfy { $0.isActive })
        #expect(try Self.connect("10.0.0.2", shares).isActive && Self.connect("10.0.0.3", shares).isActive,
                "the proxy's connections don't count in its /24")
        #expect(!(try Self.connect("10.0.0.4", shares).isActive))
    }

    @Test("near the cap, many addresses of one network, one connection each, give way to a newcomer from another network")
    func networkEviction() throws {
        let clock = TestClock()
        let shares = Self.shares(maximum: 20, perClient: 100, clock: clock)
        var crowd: [EmbeddedChannel] = []
        for address in 1...17 {
            crowd.append(try Self.connect("203.0.113.\(address)", shares))
            clock.advance(.seconds(1))
        }
        // The first is busy: the idlest between requests is the second.
        try Self.startRequest(crowd[0])
        let light = try Self.connect("198.51.100.1", shares)
        #expect(shares.counts.open == 18)
        let newcomer = try Self.connect("192.0.2.1", shares)
        #expect(newcomer.isActive && light.isActive)
        #expect(crowd.map { $0.isActive } == [true, false] + Array(repeating: true, count: 15), "the network's idlest between requests")
        #expect(shares.counts.open == 18)
        // Over IPv6 one /48 holds a /64 per connection; it gives way the same way.
        let v6 = Self.shares(maximum: 20, perClient: 100, clock: clock)
        let subnets = try (1...18).map { try Self.connect("2001:db8:7:\($0)::1", v6) }
        #expect(try Self.connect("2001:db8:8::1", v6).isActive)
        #expect(subnets.filter { !$0.isActive }.count == 1)
    }

    @Test("a trusted proxy holds its larger share, IPv6 ones too, and other clients their own")
    func proxy() throws {
        let shares = Self.shares(maximum: 100, perClient: 1, perProxy: 5, proxies: ["10.0.0.0/8", "2001:db8::1/128"])
        for proxy in ["10.0.0.1", "2001:db8::1"] {
            let proxied = try (0..<5).map { _ in try Self.connect(proxy, shares) }
            #expect(proxied.allSatisfy { $0.isActive }, "\(proxy)")
            #expect(!(try Self.connect(proxy, shares).isActive), "\(proxy)")
        }
        #expect(try Self.connect("203.0.113.7", shares).isActive)
        #expect(!(try Self.connect("203.0.113.7", shares).isActive))
    }

    @Test("an address's entry goes with its last connection, and a closed connection frees its place")
    func bounded() throws {
        let shares = Self.shares(maximum: 100, perClient: 2)
        let channels = try (0..<2).map { _ in try Self.connect("203.0.113.7", shares) }
        try channels[0].close().wait()
        #expect(shares.counts == (open: 1, addresses: 1))
        #expect(try Self.connect("203.0.113.7", shares).isActive, "the closed connection's place")
        for channel in channels where channel.isActive { try channel.close().wait() }
        #expect(shares.open(from: "203.0.113.7") == 1)
        for address in 1...50 { try Self.connect("198.51.100.\(address)", shares).close().wait() }
        #expect(shares.counts.addresses == 1)
    }

    @Test("past nine tenths of the cap, each new connection closes the longest-idle connection of the heaviest address")
    func eviction() throws {
        let clock = TestClock()
        let shares = Self.shares(maximum: 10, perClient: 100, clock: clock)
        var heavy: [EmbeddedChannel] = []
        for _ in 0..<7 {
            heavy.append(try Self.connect("203.0.113.7", shares))
            clock.advance(.seconds(1))
        }
        // The oldest is read from last (a request, answered); the second oldest is now the longest idle.
        try Self.startRequest(heavy[0])
        try heavy[0].writeOutbound(HTTPServerResponsePart.end(nil))
        let light = try (0..<2).map { try Self.connect("198.51.100.\($0 + 1)", shares) }
        #expect(shares.counts.open == 9)
        #expect(heavy.allSatisfy { $0.isActive }, "none closed at nine tenths of the cap")
        let newcomer = try Self.connect("192.0.2.1", shares)
        #expect(newcomer.isActive)
        #expect(heavy.map { $0.isActive } == [true, false, true, true, true, true, true])
        #expect(light.allSatisfy { $0.isActive })
        #expect(shares.counts.open == 9)
        // The heaviest address's own new connection gives way to its idlest, not to a newcomer's.
        #expect(try Self.connect("203.0.113.7", shares).isActive)
        #expect(heavy.map { $0.isActive } == [true, false, false, true, true, true, true])
        #expect(newcomer.isActive && light.allSatisfy { $0.isActive })
    }

    @Test("eviction skips a connection with a request in flight, and takes it once its response has ended")
    func inFlight() throws {
        let clock = TestClock()
        let shares = Self.shares(maximum: 10, perClient: 100, clock: clock)
        var heavy: [EmbeddedChannel] = []
        for index in 0..<7 {
            heavy.append(try Self.connect("203.0.113.7", shares))
            // The first sends a request whose answer is slow: the longest idle, but busy.
            if index == 0 { try Self.startRequest(heavy[0]) }
            clock.advance(.seconds(1))
        }
        _ = try (0..<2).map { try Self.connect("198.51.100.\($0 + 1)", shares) }
        _ = try Self.connect("192.0.2.1", shares)
        #expect(heavy.map { $0.isActive } == [true, false, true, true, true, true, true], "the idlest between requests")
        try heavy[0].writeOutbound(HTTPServerResponsePart.end(nil))
        _ = try Self.connect("192.0.2.2", shares)
        #expect(heavy.map { $0.isActive } == [false, false, true, true, true, true, true], "its response ended")
    }

    @Test("near the cap, with one connection from each of as many networks as the mark, the last admitted of those tied between requests gives way to a newcomer")
    func oneFromEachNetwork() throws {
        let clock = TestClock()
        let shares = Self.shares(maximum: 20, perClient: 100, clock: clock)
        // Admitted and answered at one instant: tied on age and idle time, the admission order decides.
        let crowd = try (1...18).map { try Self.connect("203.0.\($0).1", shares) }
        for channel in crowd {
            try Self.startRequest(channel)
            try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        }
        try Self.startRequest(crowd[17])
        clock.advance(.seconds(5))
        let newcomer = try Self.connect("192.0.2.1", shares)
        #expect(newcomer.isActive)
        #expect(crowd.map { $0.isActive } == Array(repeating: true, count: 16) + [false, true], "the last admitted between requests")
        #expect(shares.counts.open == 18)
    }

    @Test("eviction takes from an address only while it holds more than a fair share of the connections")
    func fairShare() throws {
        let shares = Self.shares(maximum: 10, perClient: 100)
        let heavy = try (0..<6).map { _ in try Self.connect("203.0.113.7", shares) }
        for channel in heavy { try Self.startRequest(channel) }
        let light = try (0..<2).map { _ in try Self.connect("198.51.100.1", shares) }
        _ = try Self.connect("198.51.100.2", shares)
        // Four addresses share the nine-connection mark: 2 each. The heaviest is busy, and the
        // address with 2 holds no more than its fair share.
        #expect(try Self.connect("192.0.2.1", shares).isActive)
        #expect(heavy.allSatisfy { $0.isActive } && light.allSatisfy { $0.isActive })
        #expect(shares.counts.open == 10)
    }

    @Test("a trusted proxy gives way only when no other address can")
    func proxyLast() throws {
        let shares = Self.shares(maximum: 10, perClient: 100, perProxy: 100, proxies: ["10.0.0.1/32"])
        let proxied = try (0..<5).map { _ in try Self.connect("10.0.0.1", shares) }
        let other = try (0..<3).map { _ in try Self.connect("198.51.100.1", shares) }
        _ = try Self.connect("198.51.100.2", shares)
        _ = try Self.connect("192.0.2.1", shares)
        #expect(proxied.allSatisfy { $0.isActive }, "the proxy is the heaviest, but another address holds more than its share")
        #expect(other.filter { $0.isActive }.count == 2)
        for channel in other where channel.isActive { try Self.startRequest(channel) }
        _ = try Self.connect("192.0.2.2", shares)
        #expect(proxied.filter { $0.isActive }.count == 4, "nothing else could give way")
        #expect(other.filter { $0.isActive }.count == 2)
    }

    @Test("a refused connection is closed before the handlers after the share's learn it was active")
    func refusedQuietly() throws {
        let shares = Self.shares(maximum: 100, perClient: 1)
        let (held, heldSeen) = try Self.connectSeen("203.0.113.7", shares)
        let (over, overSeen) = try Self.connectSeen("203.0.113.7", shares)
        #expect(held.isActive && heldSeen.active)
        #expect(!over.isActive)
        #expect(!overSeen.active, "Hummingbird's handlers started on a refused connection")
    }

    @Test("a small cap never evicts: the cap alone decides")
    func smallCap() throws {
        let shares = Self.shares(maximum: 2, perClient: 100)
        let channels = try (0..<2).map { _ in try Self.connect("203.0.113.7", shares) }
        #expect(channels.allSatisfy { $0.isActive })
    }

    @Test("on a live server, an address at its share has more connections closed at once, and another address is served")
    func liveShare() async throws {
        var server = try await TestServer.make()
        server.configuration.maxConnectionsPerClient = 3
        try await server.application.test(.live) { client in
            let port = try #require(client.port)
            let request = "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n"
            // Not 127.0.0.1, from which the test's own client connects.
            var held: [RawClientSocket] = []
            for _ in 0..<3 {
                let socket = try RawClientSocket(port: port, source: "127.0.0.3")
                try socket.write(request)
                #expect(await socket.response(seconds: 30)?.hasPrefix("HTTP/1.1 200 OK") == true, "within the share")
                held.append(socket)
            }
            for _ in 0..<10 {
                let over = try RawClientSocket(port: port, source: "127.0.0.3")
                try? over.write(request)
                let (text, closed) = await over.receive(seconds: 10)
                #expect(text.isEmpty && closed, "served past the share: \(text.prefix(40))")
            }
            let other = try RawClientSocket(port: port, source: "127.0.0.4")
            try other.write(request)
            #expect(await other.response(seconds: 30)?.hasPrefix("HTTP/1.1 200 OK") == true, "another address")
            _ = held
        }
    }

    // MARK: Helpers

    /// A clock tests move by hand.
    final class TestClock: Sendable {
        private let time = Mutex(NIODeadline.uptimeNanoseconds(1_000_000_000))
        var now: NIODeadline { time.withLock { $0 } }
        func advance(_ amount: TimeAmount) { time.withLock { $0 = $0 + amount } }
    }

    static func shares(maximum: Int, perClient: Int, perNetwork: Int? = nil, perProxy: Int? = nil, proxies: [String] = [],
                               clock: TestClock = TestClock()) -> ConnectionShares {
        let networks = proxies.map { try! IPNetwork(parsing: $0) }
        return ConnectionShares(limits: .init(maximum: maximum, perClient: perClient, perNetwork: perNetwork, perProxy: perProxy),
                                clients: ClientAddressResolver(trustedProxies: networks), logger: TestBackend.logger, now: { clock.now })
    }

    /// A connection from `address`, through the handler and its request marker, as the server's pipeline starts.
    static func connect(_ address: String, _ shares: ConnectionShares) throws -> EmbeddedChannel {
        let handler = ConnectionShareHandler(shares: shares)
        let channel = EmbeddedChannel(handlers: [handler, handler.requests])
        try channel.connect(to: SocketAddress(ipAddress: address, port: 40_000)).wait()
        return channel
    }

    /// A connection with a handler after the share's that notes whether it saw `channelActive`.
    private static func connectSeen(_ address: String, _ shares: ConnectionShares) throws -> (EmbeddedChannel, ActiveSeen) {
        let seen = ActiveSeen()
        let channel = EmbeddedChannel(handlers: [ConnectionShareHandler(shares: shares), seen])
        try channel.connect(to: SocketAddress(ipAddress: address, port: 40_000)).wait()
        return (channel, seen)
    }

    /// A request's head arrives on `channel`, its answer not yet sent.
    static func startRequest(_ channel: EmbeddedChannel) throws {
        try channel.writeInbound(HTTPServerRequestPart.head(HTTPRequestHead(version: .http1_1, method: .GET, uri: "/healthz")))
    }

    /// Notes whether `channelActive` reached it.
    final class ActiveSeen: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        var active = false
        func channelActive(context: ChannelHandlerContext) {
            active = true
            context.fireChannelActive()
        }
    }
}
