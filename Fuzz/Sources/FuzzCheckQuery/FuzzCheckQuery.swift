/// libFuzzer entry: the server's fast-path reader of `/check` query strings, `CheckQuery(rawQuery:)`.
///
/// Besides not crashing, a query it reads must keep the bounds the router keeps (at most
/// ``CheckQuery/maximumLanguages`` languages, each non-empty and at most 35 bytes), and reading
/// the same bytes twice must give the same answer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCheckQuery(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let read = CheckQuery(rawQuery: bytes)
    precondition(read == CheckQuery(rawQuery: bytes), "the same bytes read two ways")
    if let read {
        precondition(read.languages.count <= CheckQuery.maximumLanguages, "\(read.languages.count) languages kept")
        precondition(read.languages.allSatisfy { !$0.isEmpty && $0.utf8.count <= 35 }, "a language outside the bounds: \(read.languages)")
        precondition(!read.version.description.isEmpty, "an empty version")
    }
    return 0
}
