import Testing
@testable import LaunchGateSimulator

@Suite("Standard input read a bounded line at a time")
struct LineReaderTests {
    /// A reader over chunks, as a pipe delivers them.
    private func reader(_ chunks: [String], limit: Int = 16) -> LineReader {
        var left = chunks.map { Array($0.utf8) }
        return LineReader(limit: limit) { left.isEmpty ? nil : left.removeFirst() }
    }

    private func all(_ reader: LineReader) -> [LineReader.Next] {
        var lines: [LineReader.Next] = []
        while true {
            let next = reader.next()
            lines.append(next)
            if next == .end { return lines }
        }
    }

    // MARK: Tests

    @Test("lines split across chunks, CRLF, and a last line without a break")
    func lines() {
        #expect(all(reader(["tap Up", "date Now\r\nquit\n", "\nlast"])) == [.line("tap Update Now"), .line("quit"), .line(""), .line("last"), .end])
    }

    @Test("a line over the limit is dropped as one, whatever its chunks, and the next line reads")
    func tooLong() {
        #expect(all(reader(["0123456789", "0123456789", "0123456789\nok\n"])) == [.tooLong, .line("ok"), .end])
        #expect(all(reader(["0123456789abcdef\n"])) == [.line("0123456789abcdef"), .end])
        #expect(all(reader(["0123456789abcdefg\n"])) == [.tooLong, .end])
        #expect(all(reader(["0123456789abcdefg"])) == [.tooLong, .end])
    }

    @Test("the end of the input is the end, at once when nothing came")
    func end() {
        #expect(all(reader([])) == [.end])
        let once = reader(["quit\n"])
        #expect(once.next() == .line("quit"))
        #expect(once.next() == .end)
        #expect(once.next() == .end)
    }

    @Test("bytes that are not UTF-8 are replaced, not refused")
    func invalidUTF8() {
        var chunks = [[UInt8(ascii: "a"), 0xFF, UInt8(ascii: "\n")]]
        let reader = LineReader(limit: 16) { chunks.isEmpty ? nil : chunks.removeFirst() }
        #expect(reader.next() == .line("a\u{FFFD}"))
    }
}
