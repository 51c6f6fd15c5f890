/// libFuzzer entry: the server's fast-path request-head scanner, `RawRequestHead.scan`.
///
/// Besides not crashing, a head it accepts must lie inside the bytes, its target and
/// If-None-Match must lie inside the head, no head may be longer than `maximumLength`, and
/// scanning a prefix of an accepted head must not claim a complete head of a different length.
/// Resuming after a prefix that scanned as incomplete (as the handler does when a head trickles
/// in) must give what a scan from the start gives, except that it may still say incomplete where
/// that scan already says unrecognized. The word-at-a-time runs the scanner reads targets and
/// values with must stop exactly where a byte-by-byte reading stops.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRawRequestHead(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    switch RawRequestHead.scan(bytes) {
    case .head(let head):
        precondition(head.length > 0 && head.length <= count, "head length \(head.length) outside \(count) bytes")
        precondition(head.length <= RawRequestHead.maximumLength, "a head of \(head.length) bytes, over the maximum")
        precondition(head.target.lowerBound >= 0 && head.target.upperBound <= head.length && !head.target.isEmpty, "target outside the head")
        if let etag = head.ifNoneMatch { precondition(etag.lowerBound >= 0 && etag.upperBound <= head.length, "If-None-Match outside the head") }
        if let client = head.launchGateClient { precondition(client.lowerBound >= 0 && client.upperBound <= head.length, "LaunchGate-Client outside the head") }
        // The same head with anything after it is the same head.
        let prefix = UnsafeRawBufferPointer(rebasing: bytes[0..<head.length])
        precondition(RawRequestHead.scan(prefix) == .head(head), "the head alone scans differently")
        if head.length > 1 {
            let shorter = UnsafeRawBufferPointer(rebasing: bytes[0..<(head.length - 1)])
            if case .head = RawRequestHead.scan(shorter) { preconditionFailure("a head missing its last byte is complete") }
        }
    case .incomplete:
        precondition(count <= RawRequestHead.maximumLength, "incomplete beyond the maximum length")
    case .unrecognized:
        break
    }
    checkResumed(bytes)
    checkRuns(bytes)
    return 0
}

/// The word-at-a-time runs stop where a byte-by-byte reading of the same rule stops, from every
/// start within the first word (so each alignment is tried).
private func checkRuns(_ bytes: UnsafeRawBufferPointer) {
    for start in 0..<min(bytes.count, 9) {
        var value = start
        while value < bytes.count, (bytes[value] >= 0x20 && bytes[value] != 0x7F) || bytes[value] == UInt8(ascii: "\t") { value += 1 }
        precondition(RawRequestHead.valueEnd(bytes, from: start) == value, "value run from \(start)")
        var target = start
        while target < bytes.count, bytes[target] > 0x20, bytes[target] < 0x7F { target += 1 }
        precondition(RawRequestHead.targetEnd(bytes, from: start) == target, "target run from \(start)")
    }
}

/// Resumes after a few prefixes that scan as incomplete: the last bytes arriving alone, and the
/// head arriving in halves or thirds.
private func checkResumed(_ bytes: UnsafeRawBufferPointer) {
    let whole = RawRequestHead.scan(bytes)
    for scanned in Set([bytes.count - 1, bytes.count - 2, bytes.count - 4, bytes.count / 2, bytes.count / 3]) where scanned > 0 {
        guard RawRequestHead.scan(UnsafeRawBufferPointer(rebasing: bytes[..<scanned])) == .incomplete else { continue }
        let resumed = RawRequestHead.scan(bytes, scannedUpTo: scanned)
        precondition(resumed == whole || (resumed == .incomplete && whole == .unrecognized),
                     "resumed after \(scanned) bytes: \(resumed), from the start: \(whole)")
    }
}
