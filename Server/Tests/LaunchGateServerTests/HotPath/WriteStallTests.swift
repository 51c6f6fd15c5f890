import NIOCore
import NIOEmbedded
import Testing
@testable import LaunchGateServer

/// A client that pipelines requests and never reads its answers: reading stops while the channel
/// is unwritable, and the connection is closed once it has stayed so for the write-stall limit.
@Suite("A connection whose peer stops reading is held back, then closed once it stays unwritable")
struct WriteStallTests {
    private typealias Pipe = HotPathPipe

    // MARK: Tests

    @Test("a pipelining client that never reads is closed once the channel has stayed unwritable for the limit")
    func neverReadingPipeliner() async throws {
        let pipe = try await Pipe.make(writeStallTimeout: .seconds(60))
        try pipe.send(Pipe.get + Pipe.get)
        #expect(try pipe.responses().count == 2)
        // The answers fill the socket: NIO's outbound buffer passes its high-water mark.
        pipe.setWritable(false)
        let reads = pipe.reads.count
        try pipe.send(Pipe.get + Pipe.get)
        #expect(pipe.reads.count == reads, "read on while the peer reads nothing")
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(59))
        #expect(pipe.channel.isActive)
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!pipe.channel.isActive, "held open while nothing it was sent was read")
    }

    @Test("a client that reads, however slowly, makes the channel writable again and starts the clock afresh")
    func slowReader() async throws {
        let pipe = try await Pipe.make(writeStallTimeout: .seconds(60))
        try pipe.send(Pipe.get)
        _ = try pipe.written()
        for _ in 0..<5 {
            pipe.setWritable(false)
            pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(50))
            pipe.setWritable(true)
            pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        }
        #expect(pipe.channel.isActive)
        try pipe.send(Pipe.get)
        #expect(try pipe.responses().map(\.status) == ["HTTP/1.1 200 OK"])
    }

    @Test("a router answer waiting on an unwritable channel is no exception: the connection is closed at the limit")
    func waitingRouterAnswer() async throws {
        let pipe = try await Pipe.make(hotPath: false, writeStallTimeout: .seconds(60))
        try pipe.send(Pipe.get)
        pipe.setWritable(false)
        pipe.channel.embeddedEventLoop.advanceTime(by: .seconds(61))
        #expect(!pipe.channel.isActive)
    }

    @Test("without a limit, an unwritable channel stays open: the limit is what closes it")
    func noLimit() async throws {
        let pipe = try await Pipe.make()
        try pipe.send(Pipe.get)
        pipe.setWritable(false)
        pipe.channel.embeddedEventLoop.advanceTime(by: .hours(1))
        #expect(pipe.channel.isActive)
    }
}
