extension RawRequestHead {
    /// Where the request target that starts at `start` ends: the first byte that is not visible
    /// ASCII (a space, a control, DEL or non-ASCII), or `bytes.count`.
    ///
    /// Targets and field values are most of a head's bytes, so these two are read eight bytes at
    /// a time: a word with no byte that could end the run is skipped whole, and only the word
    /// holding the end is read byte by byte. The word tests are exact: a word is skipped only if
    /// none of its bytes ends the run.
    static func targetEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        runEnd(bytes, from: start, wordEnds: { word in
            // Controls and space (below 0x21), non-ASCII (high bit), DEL.
            hasByte(in: word, below: 0x21) || word & highBits != 0 || hasByte(in: word, equalTo: 0x7F)
        }, byteEnds: { $0 <= 0x20 || $0 >= 0x7F })
    }

    /// Where the field value that starts at `start` ends: the first control other than a tab, or
    /// DEL (RFC 9110 §5.5 allows visible ASCII, spaces, tabs and non-ASCII), or `bytes.count`.
    static func valueEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        runEnd(bytes, from: start, wordEnds: { word in
            // A tab is below 0x20 too; its word is read byte by byte, which lets it through.
            hasByte(in: word, below: 0x20) || hasByte(in: word, equalTo: 0x7F)
        }, byteEnds: { ($0 < 0x20 && $0 != UInt8(ascii: "\t")) || $0 == 0x7F })
    }

    /// The first index from `start` whose byte passes `byteEnds`, skipping whole words that fail
    /// `wordEnds` (which must hold for every word that has such a byte).
    @inline(__always)
    private static func runEnd(_ bytes: UnsafeRawBufferPointer, from start: Int, wordEnds: (UInt64) -> Bool,
                               byteEnds: (UInt8) -> Bool) -> Int {
        var index = start
        let count = bytes.count
        while index < count {
            while index + 8 <= count, !wordEnds(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { index += 8 }
            // The word that may hold the end (or the last few bytes), byte by byte.
            let stop = min(index + 8, count)
            while index < stop {
                if byteEnds(bytes[index]) { return index }
                index += 1
            }
        }
        return count
    }

    private static let lowBits: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether any byte of `word` is below `limit` (at most 0x80). Subtracting `limit` from every
    /// byte sets a byte's high bit when it was below `limit` (or, by a borrow, when a lower byte
    /// was, which only happens when the answer is yes anyway); `& ~word` keeps bytes that had no
    /// high bit to begin with.
    @inline(__always)
    private static func hasByte(in word: UInt64, below limit: UInt8) -> Bool {
        (word &- lowBits &* UInt64(limit)) & ~word & highBits != 0
    }

    /// Whether any byte of `word` equals `value`: a byte of `word ^ value…` is zero exactly there.
    @inline(__always)
    private static func hasByte(in word: UInt64, equalTo value: UInt8) -> Bool {
        hasByte(in: word ^ (lowBits &* UInt64(value)), below: 1)
    }
}
