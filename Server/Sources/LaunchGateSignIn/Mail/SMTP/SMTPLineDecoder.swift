import NIOCore

/// Splits the server's bytes into lines (CRLF or LF), refusing a line longer than RFC 5321
/// allows a reply line to be many times over, so a hostile server can't fill memory.
struct SMTPLineDecoder: ByteToMessageDecoder {
    package typealias InboundOut = String

    /// The longest line kept: RFC 5321 says 512 octets for a reply line.
    package static let maximumLineLength = 4096

    package struct LineTooLong: Error {}

    /// Told of every line passed on and of the bytes held back, for the client's STARTTLS check.
    package let tally: SMTPInputTally?

    package init(tally: SMTPInputTally? = nil) {
        self.tally = tally
    }

    package mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > Self.maximumLineLength { throw LineTooLong() }
            tally?.undecoded(buffer.readableBytes)
            return .needMoreData
        }
        let length = newline - buffer.readerIndex
        guard length <= Self.maximumLineLength, var line = buffer.readSlice(length: length) else { throw LineTooLong() }
        buffer.moveReaderIndex(forwardBy: 1)
        if line.readableBytesView.last == UInt8(ascii: "\r") { line = line.getSlice(at: line.readerIndex, length: line.readableBytes - 1) ?? line }
        tally?.lineDecoded()
        tally?.undecoded(buffer.readableBytes)
        context.fireChannelRead(wrapInboundOut(String(decoding: line.readableBytesView, as: UTF8.self)))
        return .continue
    }

    package mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        return .needMoreData
    }
}
