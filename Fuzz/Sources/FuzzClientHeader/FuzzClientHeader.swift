@_spi(LaunchGateServer) import LaunchGate

/// libFuzzer entry: `ClientHeader.parse` on arbitrary header values, and `rendered()` on arbitrary fields.
///
/// Parsing is bounded and total: it either refuses or gives fields that render to a value which
/// parses back to the same fields. Rendering fields cut from the input gives a value that parses
/// whenever it fits in ``ClientHeader/maximumLength``, to the printable ASCII that rendering keeps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClientHeader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    if let members = ClientHeader.parseMembers(text) {
        precondition(members.count <= ClientHeader.maximumMembers, "\(members.count) members from \(text.debugDescription)")
        if let header = ClientHeader.parse(text) {
            let again = ClientHeader.parse(header.rendered())
            precondition(again == header || header.rendered().utf8.count > ClientHeader.maximumLength,
                         "\(text.debugDescription) does not survive rendering: \(header.rendered().debugDescription)")
        }
    }
    // The same bytes as six fields, split at NUL, rendered as the SDK would.
    let parts = text.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
    func part(_ index: Int) -> String? { index < parts.count ? parts[index] : nil }
    let header = ClientHeader(version: part(0), build: part(1), platform: part(2), os: part(3), install: part(4), device: part(5))
    let rendered = header.rendered()
    if rendered.utf8.count <= ClientHeader.maximumLength {
        guard let parsed = ClientHeader.parse(rendered) else { fatalError("rendered \(rendered.debugDescription) does not parse") }
        func kept(_ value: String?) -> String? {
            value.map { String(String.UnicodeScalarView($0.unicodeScalars.filter { (0x20...0x7E).contains($0.value) }.prefix(ClientHeader.maximumValueLength))) }
        }
        precondition(parsed == ClientHeader(version: kept(part(0)), build: kept(part(1)), platform: kept(part(2)), os: kept(part(3)),
                                            install: kept(part(4)), device: kept(part(5))),
                     "\(rendered.debugDescription) parsed to other fields")
    }
    return 0
}
