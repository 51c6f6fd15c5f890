/// One HTTP/1 request head read straight from received bytes, for ``PolicyFastPathHandler``.
///
/// Deliberately strict: anything unusual (a bare LF, folded or odd header lines, a body, an
/// upgrade) is not ours to answer and goes to NIO's full decoder. The scanner only has to decide
/// two things safely: whether a request may be answered from prepared bytes, and whether the
/// bytes before it end exactly between two messages, so the decoder never sees half of one.
struct RawRequestHead: Equatable {
    /// Heads longer than this, complete or not, are left to the decoder, which enforces its own
    /// limits; the scanner never looks past it, so a scan costs at most this many bytes.
    static let maximumLength = 8 * 1024
    /// Targets longer than this are left to the decoder, after which ``RequestRejecter`` answers 414.
    static let maximumTargetLength = 4 * 1024
    /// Heads with more field lines than this are left to the decoder: no client of ours sends
    /// so many, and the decoder applies Hummingbird's own limit to them.
    static let maximumFieldLines = 100

    /// The outcome of scanning bytes that start at a message boundary.
    enum Scan: Equatable {
        /// A complete head; its bytes are the first `length`.
        case head(RawRequestHead)
        /// A valid start, but the blank line that ends the head has not arrived yet.
        case incomplete
        /// Not something the fast path understands; the decoder must judge it.
        case unrecognized
    }

    /// The bytes of the head, up to and including the blank line.
    let length: Int
    /// `GET`.
    let isGET: Bool
    /// HTTP/1.1 with no `Connection` header, or `Connection: keep-alive`.
    let isKeepAlive: Bool
    /// A `Content-Length` other than `0`, or any `Transfer-Encoding`: a body follows.
    let hasBody: Bool
    /// `Upgrade` or `Expect`: the decoder may pause or answer `100 Continue` itself.
    let needsDecoder: Bool
    /// The request target's offsets, such as `/v1/apps/notes/policy?platform=ios`.
    let target: Range<Int>
    /// The `If-None-Match` value's offsets, without surrounding spaces.
    let ifNoneMatch: Range<Int>?
    /// The `LaunchGate-Client` value's offsets: the install a policy or `/check` request names, for
    /// recording, and the ID of a `/check` whose query leaves it out.
    var launchGateClient: Range<Int>? = nil
    /// The `X-Forwarded-For` value's offsets, which name the client behind a trusted proxy.
    var forwardedFor: Range<Int>? = nil

    /// Whether the decoder, given exactly these bytes, ends between messages again.
    var endsAtMessageBoundary: Bool { !hasBody && !needsDecoder }

    /// Whether prepared bytes may answer it: a keep-alive `GET` with nothing after the head.
    var isAnswerable: Bool { isGET && isKeepAlive && endsAtMessageBoundary }

    /// Scans one head at the start of `bytes`.
    /// - Parameters:
    ///   - bytes: Received bytes, starting between messages.
    ///   - scannedUpTo: How many of `bytes` an earlier scan found to be an incomplete head, or 0.
    ///     They are scanned again only once what follows them can end the head
    ///     (``mayEnd(_:after:)``), so a head trickled in a byte per packet costs work in proportion
    ///     to its length rather than to its length squared.
    static func scan(_ bytes: UnsafeRawBufferPointer, scannedUpTo: Int = 0) -> Scan {
        if scannedUpTo > 0, !mayEnd(bytes, after: scannedUpTo) { return .incomplete }
        var scanner = Scanner(bytes: bytes)
        return scanner.scan()
    }

    /// Whether the bytes after the first `scanned`, which scanned as an incomplete head, hold
    /// something that makes scanning again worth it: a blank line (CR LF CR LF), a line feed
    /// without its carriage return (which the decoder may take for a line's end), or more than
    /// ``maximumLength`` bytes in all.
    ///
    /// Without any of them no scan can find a complete head, and the decoder can't make a request
    /// of the bytes either. The most a scan could tell is that they are malformed, which the
    /// decoder then hears a little later: when one of them arrives, or never, if the header
    /// timeout closes the connection first.
    static func mayEnd(_ bytes: UnsafeRawBufferPointer, after scanned: Int) -> Bool {
        guard bytes.count <= maximumLength else { return true }
        // From three bytes back: the blank line may have begun in what was scanned before.
        var index = max(scanned - 3, 0)
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == Scanner.lf else { continue }
            if index == 0 || bytes[index - 1] != Scanner.cr { return true }
            if index >= 3, bytes[index - 3] == Scanner.cr, bytes[index - 2] == Scanner.lf { return true }
        }
        return false
    }
}

extension RawRequestHead {
    /// A single pass over the bytes; `index` only moves forward.
    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var index = 0
        var isKeepAlive = false
        var hasBody = false
        var needsDecoder = false
        var ifNoneMatch: Range<Int>?
        var launchGateClient: Range<Int>?
        var forwardedFor: Range<Int>?
        var contentLengths = 0
        /// Whether bytes past ``RawRequestHead/maximumLength`` were left out: running out of
        /// bytes then means the head is too long, not incomplete.
        let isCut: Bool

        init(bytes: UnsafeRawBufferPointer) {
            // A head longer than the limit is the decoder's, however it ends, so nothing past the
            // limit can change the verdict.
            self.bytes = UnsafeRawBufferPointer(rebasing: bytes.prefix(RawRequestHead.maximumLength))
            isCut = bytes.count > RawRequestHead.maximumLength
        }

        mutating func scan() -> Scan {
            // Request line: METHOD SP target SP HTTP/1.x CRLF.
            guard let method = take(while: Self.isTokenByte) else { return ending() }
            // Only methods the decoder turns into exactly one request each: after a CONNECT or a
            // method it rejects, its idea of where the next request starts is not ours.
            guard isKnownMethod(method), take(Self.space) else { return .unrecognized }
            guard let target = take(upTo: RawRequestHead.targetEnd) else { return ending() }
            guard !target.isEmpty, target.count <= RawRequestHead.maximumTargetLength, take(Self.space) else { return .unrecognized }
            guard let version = take(while: { Self.isTokenByte($0) || $0 == UInt8(ascii: "/") }) else { return ending() }
            guard matches(version, "HTTP/1.1", caseSensitive: true) || matches(version, "HTTP/1.0", caseSensitive: true) else { return .unrecognized }
            guard take(Self.cr), take(Self.lf) else { return ending() }
            // HTTP/1.1 connections persist unless told otherwise (RFC 9112 §9.3).
            isKeepAlive = bytes[version.upperBound - 1] == UInt8(ascii: "1")
            var lines = 0
            while true {
                guard index < bytes.count else { return ending() }
                if bytes[index] == Self.cr { break }
                // Hummingbird's decoder refuses a head past 1,000 fields; one with this many is odd
                // enough to be the decoder's to judge.
                lines += 1
                guard lines <= RawRequestHead.maximumFieldLines else { return .unrecognized }
                guard let name = take(while: Self.isTokenByte), !name.isEmpty, take(UInt8(ascii: ":")),
                      take(while: Self.isSpace) != nil,
                      var value = take(upTo: RawRequestHead.valueEnd), take(Self.cr), take(Self.lf) else { return ending() }
                var trailingTab = false
                while !value.isEmpty, Self.isSpace(bytes[value.upperBound - 1]) {
                    trailingTab = trailingTab || bytes[value.upperBound - 1] == UInt8(ascii: "\t")
                    value = value.lowerBound..<(value.upperBound - 1)
                }
                read(name: name, value: value, trailingTab: trailingTab)
            }
            guard take(Self.cr), take(Self.lf) else { return ending() }
            // Two Content-Length lines are an error the decoder reports.
            if contentLengths > 1 { hasBody = true }
            return .head(RawRequestHead(
                length: index, isGET: matches(method, "GET", caseSensitive: true), isKeepAlive: isKeepAlive,
                hasBody: hasBody, needsDecoder: needsDecoder,
                target: target, ifNoneMatch: ifNoneMatch, launchGateClient: launchGateClient, forwardedFor: forwardedFor))
        }

        /// Notes what a field line means for the fast path.
        /// - Parameter trailingTab: Whether a tab was trimmed from the end of `value`.
        private mutating func read(name: Range<Int>, value: Range<Int>, trailingTab: Bool) {
            switch name.count {
            case 6 where matches(name, "expect"), 7 where matches(name, "upgrade"):
                needsDecoder = true
            case 16 where matches(name, "proxy-connection"):
                // NIO's decoder honours it as it does `Connection`; leave that reading to it.
                needsDecoder = true
            case 10 where matches(name, "connection"):
                if matches(value, "close") { isKeepAlive = false }
                // Tokens such as `upgrade` or a list are left to the decoder.
                else if !matches(value, "keep-alive") { needsDecoder = true }
            case 13 where matches(name, "if-none-match"):
                // Several lines form one list (RFC 9110 §5.3), which the router reads whole.
                if ifNoneMatch != nil { needsDecoder = true }
                ifNoneMatch = value
            case 17 where matches(name, "launchgate-client"):
                // Two lines would be read as one list by the router; leave that reading to it.
                if launchGateClient != nil { needsDecoder = true }
                launchGateClient = value
            case 15 where matches(name, "x-forwarded-for"):
                // Several lines form one list the router joins; leave that reading to it.
                if forwardedFor != nil { needsDecoder = true }
                forwardedFor = value
            case 14 where matches(name, "content-length"):
                contentLengths += 1
                // NIO's decoder refuses a trailing tab here (it allows spaces): leave that to it too.
                if !matches(value, "0") || trailingTab { hasBody = true }
            case 17 where matches(name, "transfer-encoding"):
                hasBody = true
            default:
                break
            }
        }

        /// Running out of bytes means the head is incomplete; anything else is not ours.
        private func ending() -> Scan {
            index >= bytes.count && !isCut ? .incomplete : .unrecognized
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// The run of bytes that pass `accept`, possibly empty; `nil` when the input ends inside it.
        private mutating func take(while accept: (UInt8) -> Bool) -> Range<Int>? {
            // A local index: moving `self.index` byte by byte stores it to memory on every step.
            let start = index
            var end = start
            while end < bytes.count, accept(bytes[end]) { end += 1 }
            index = end
            return end < bytes.count ? start..<end : nil
        }

        /// ``take(while:)`` for runs long enough to be worth a word at a time: `end` gives where
        /// the run from `index` stops.
        private mutating func take(upTo end: (UnsafeRawBufferPointer, Int) -> Int) -> Range<Int>? {
            let start = index
            index = end(bytes, start)
            return index < bytes.count ? start..<index : nil
        }

        /// Compares with a literal; unless asked not to, ignores the case of letters (the literal is
        /// then lowercase).
        private func matches(_ range: Range<Int>, _ literal: StaticString, caseSensitive: Bool = false) -> Bool {
            guard range.count == literal.utf8CodeUnitCount else { return false }
            let expected = UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
            for offset in 0..<range.count {
                let (byte, wanted) = (bytes[range.lowerBound + offset], expected[offset])
                if byte == wanted { continue }
                // Only letters differ by case, and only by the 0x20 bit.
                guard !caseSensitive, wanted >= UInt8(ascii: "a"), wanted <= UInt8(ascii: "z"), byte | 0x20 == wanted else { return false }
            }
            return true
        }

        /// Whether `range` is a method the server knows, in upper case as RFC 9110 §9.1 spells
        /// it; `CONNECT` is not among them because the decoder treats what follows it as a tunnel.
        private func isKnownMethod(_ range: Range<Int>) -> Bool {
            switch range.count {
            case 3: matches(range, "GET", caseSensitive: true) || matches(range, "PUT", caseSensitive: true)
            case 4: matches(range, "HEAD", caseSensitive: true) || matches(range, "POST", caseSensitive: true)
            case 5: matches(range, "PATCH", caseSensitive: true)
            case 6: matches(range, "DELETE", caseSensitive: true)
            case 7: matches(range, "OPTIONS", caseSensitive: true)
            default: false
            }
        }

        static let space = UInt8(ascii: " ")
        static let cr = UInt8(ascii: "\r")
        static let lf = UInt8(ascii: "\n")
        static func isSpace(_ byte: UInt8) -> Bool { byte == space || byte == UInt8(ascii: "\t") }
        /// RFC 9110 §5.6.2 `tchar`: letters, digits, `!#$%&'*+-.^_|~` and the backtick. Looked up in a bitmap
        /// of the 128 ASCII bytes rather than a `switch`, which compiles to a jump per byte.
        static func isTokenByte(_ byte: UInt8) -> Bool {
            byte < 64 ? (tokenBytesBelow64 &>> UInt64(byte)) & 1 != 0 : byte < 128 && (tokenBytesFrom64 &>> UInt64(byte - 64)) & 1 != 0
        }

        /// Bit `n` set for each token byte `n` below 64: `!#$%&'*+-.` and the digits.
        private static let tokenBytesBelow64: UInt64 = 0x03FF_6CFA_0000_0000
        /// Bit `n` set for each token byte `64 + n`: the letters, `^_|~` and the backtick.
        private static let tokenBytesFrom64: UInt64 = 0x57FF_FFFF_C7FF_FFFE
    }
}
