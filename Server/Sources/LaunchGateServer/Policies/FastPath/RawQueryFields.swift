import Foundation

/// The values of the names `/check` reads, located in a raw query string one pair at a time.
///
/// Any other name is skipped, as the router ignores it. A pair the router could read another way
/// (percent-encoding, a fragment, no `=`, an empty name, a name it reads given twice) makes the
/// whole query the router's.
struct RawQueryFields {
    var version: UnsafeRawBufferPointer?
    var build: UnsafeRawBufferPointer?
    var platform: UnsafeRawBufferPointer?
    var channel: UnsafeRawBufferPointer?
    var os: UnsafeRawBufferPointer?
    var install: UnsafeRawBufferPointer?
    var device: UnsafeRawBufferPointer?
    var lang: UnsafeRawBufferPointer?

    /// Reads one `name=value` pair; `false` when the query is not the fast path's to read.
    mutating func read(_ pair: UnsafeRawBufferPointer) -> Bool {
        guard let equals = pair.firstIndex(of: UInt8(ascii: "=")), equals > 0,
              !pair.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "#") }) else { return false }
        let name = UnsafeRawBufferPointer(rebasing: pair[..<equals])
        let value = UnsafeRawBufferPointer(rebasing: pair[(equals + 1)...])
        switch name.count {
        case 2 where Self.same(name, "os"): return Self.store(value, in: &os)
        case 4 where Self.same(name, "lang"): return Self.store(value, in: &lang)
        case 5 where Self.same(name, "build"): return Self.store(value, in: &build)
        case 6 where Self.same(name, "device"): return Self.store(value, in: &device)
        case 7 where Self.same(name, "version"): return Self.store(value, in: &version)
        case 7 where Self.same(name, "channel"): return Self.store(value, in: &channel)
        case 7 where Self.same(name, "install"): return Self.store(value, in: &install)
        case 8 where Self.same(name, "platform"): return Self.store(value, in: &platform)
        default: return true
        }
    }

    private static func store(_ value: UnsafeRawBufferPointer, in field: inout UnsafeRawBufferPointer?) -> Bool {
        guard field == nil else { return false }
        field = value
        return true
    }

    private static func same(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        bytes.hasSameBytes(as: UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
