import HummingbirdCore
import LaunchGate

/// libFuzzer entry: the fast path's reader of `/check` query strings, `CheckQuery(rawQuery:)`,
/// against the router's reading of the same target, `CheckQuery(uri:)`.
///
/// Whenever the raw reader returns a query, the router must read an equal one from
/// `/v1/apps/a/check?` followed by the same bytes: otherwise the fast path answers a request other
/// than the router would. Bytes outside 0x21-0x7E are folded into that range first, because those
/// are the only bytes the head scanner (`RawRequestHead`) lets into a target, so the fuzzer's
/// inputs are all ones the fast path can meet. The raw reader's bounds on `lang` (at most
/// ``CheckQuery/maximumLanguages`` languages, each non-empty and at most 35 bytes) must hold for
/// any bytes, and are checked on the input as given.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCheckQuery(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let given = UnsafeRawBufferPointer(start: start, count: count)
    if let read = CheckQuery(rawQuery: given) {
        precondition(read.languages.count <= CheckQuery.maximumLanguages, "\(read.languages.count) languages kept")
        precondition(read.languages.allSatisfy { !$0.isEmpty && $0.utf8.count <= 35 }, "a language outside the bounds: \(read.languages)")
    }
    let bytes = given.map { $0 >= 0x21 && $0 <= 0x7E ? $0 : 0x21 + $0 % 94 }
    guard let fast = bytes.withUnsafeBytes({ CheckQuery(rawQuery: $0) }) else { return 0 }
    let query = String(decoding: bytes, as: UTF8.self)
    let routed: CheckQuery
    do { routed = try CheckQuery(uri: URI("/v1/apps/a/check?" + query)) } catch {
        preconditionFailure("the router refuses ?\(query), which the fast path reads as \(fast): \(error)")
    }
    precondition(routed == fast, "?\(query): the fast path reads \(fast), the router \(routed)")
    return 0
}
