import LaunchGate

/// libFuzzer entry: `AppVersion(parsing:)` and `BuildNumber(parsing:)` on arbitrary text.
///
/// Parsing must either throw or give a version whose description parses back to an equal one,
/// and comparison must be a strict weak order on what parses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppVersion(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let text = String(decoding: bytes, as: UTF8.self)
    if let version = try? AppVersion(parsing: text) {
        guard let again = try? AppVersion(parsing: version.description) else {
            fatalError("\(version.description) (from \(text.debugDescription)) does not parse again")
        }
        precondition(again == version && !(again < version) && !(version < again), "round trip changed \(text.debugDescription)")
    }
    // Two halves compared with each other: `<` must be asymmetric.
    let middle = text.index(text.startIndex, offsetBy: text.count / 2)
    if let left = try? AppVersion(parsing: String(text[..<middle])), let right = try? AppVersion(parsing: String(text[middle...])) {
        precondition(!(left < right && right < left), "\(left) and \(right) are each below the other")
        precondition((left == right) == (!(left < right) && !(right < left)), "== disagrees with < for \(left), \(right)")
    }
    _ = try? BuildNumber(parsing: text)
    return 0
}
