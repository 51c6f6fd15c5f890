import Testing
@testable import LaunchGateServer

/// The scanner reads names through a bitmap and targets and values a word at a time; every byte
/// value, at every offset within a word, must still get the verdict the RFCs give it.
@Suite("The request-head scanner judges every byte")
struct RawRequestHeadByteTests {
    /// RFC 9110 §5.6.2 `tchar`, spelled out.
    private static let tokenBytes = Set(Array("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8))

    // MARK: Tests

    @Test("a header name may hold exactly RFC 9110's token bytes")
    func nameBytes() {
        for byte in UInt8.min...UInt8.max {
            let bytes = Array("GET / HTTP/1.1\r\nX".utf8) + [byte] + Array("Y: v\r\n\r\n".utf8)
            let isHead = scan(bytes).head != nil
            // A colon ends the name early, which still makes a valid line ("X", then "Y: v").
            #expect(isHead == (Self.tokenBytes.contains(byte) || byte == UInt8(ascii: ":")), "byte \(byte)")
        }
    }

    @Test("a field value may hold visible ASCII, spaces, tabs and non-ASCII, wherever the byte falls in a word")
    func valueBytes() {
        for byte in UInt8.min...UInt8.max {
            let allowed = (byte >= 0x20 && byte != 0x7F) || byte == UInt8(ascii: "\t")
            // From one byte in: a space or tab first would be the optional whitespace before the value.
            for before in 1..<18 {
                for after in 1..<10 {
                    let value = Array(repeating: UInt8(ascii: "a"), count: before) + [byte] + Array(repeating: UInt8(ascii: "b"), count: after)
                    let bytes = Array("GET / HTTP/1.1\r\nIf-None-Match: ".utf8) + value + Array("\r\n\r\n".utf8)
                    let head = scan(bytes).head
                    #expect((head != nil) == allowed, "byte \(byte) after \(before), before \(after)")
                    if let head {
                        #expect(head.length == bytes.count)
                        #expect(head.ifNoneMatch.map { Array(bytes[$0]) } == value, "byte \(byte) after \(before)")
                    }
                }
            }
        }
    }

    @Test("a request target may hold exactly the visible ASCII bytes, wherever the byte falls in a word")
    func targetBytes() {
        for byte in UInt8.min...UInt8.max {
            let allowed = byte > 0x20 && byte < 0x7F
            for before in 0..<17 {
                for after in 0..<10 {
                    let target = Array("/".utf8) + Array(repeating: UInt8(ascii: "a"), count: before) + [byte]
                        + Array(repeating: UInt8(ascii: "b"), count: after)
                    let bytes = Array("GET ".utf8) + target + Array(" HTTP/1.1\r\n\r\n".utf8)
                    let head = scan(bytes).head
                    #expect((head != nil) == allowed, "byte \(byte) after \(before), before \(after)")
                    if let head { #expect(Array(bytes[head.target]) == target, "byte \(byte) after \(before)") }
                }
            }
        }
    }

    @Test("a value or target cut off before its end is incomplete, whatever its length")
    func cutOff() {
        for length in 0..<20 {
            let value = Array(repeating: UInt8(ascii: "a"), count: length)
            #expect(scan(Array("GET / HTTP/1.1\r\nX: ".utf8) + value) == .incomplete, "value of \(length)")
            #expect(scan(Array("GET /".utf8) + value) == .incomplete, "target of \(length)")
        }
    }

    // MARK: Helpers

    private func scan(_ bytes: [UInt8]) -> RawRequestHead.Scan {
        bytes.withUnsafeBytes { RawRequestHead.scan($0) }
    }
}
