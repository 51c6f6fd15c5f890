import Foundation

/// Reads what ``BinaryWriter`` wrote. Every read is bounds-checked and throws on short or
/// implausible input, so a damaged cache is discarded rather than trusted or crashed on.
struct BinaryReader {
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private var offset = 0

    init(_ data: Data) { bytes = Array(data) }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw Malformed() }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func int() throws -> Int {
        guard bytes.count - offset >= 8 else { throw Malformed() }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += 8
        return Int(Int64(bitPattern: value))
    }

    mutating func double() throws -> Double {
        Double(bitPattern: UInt64(bitPattern: Int64(try int())))
    }

    mutating func string() throws -> String {
        let count = try int()
        guard count >= 0, bytes.count - offset >= count else { throw Malformed() }
        defer { offset += count }
        return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }

    mutating func optional<T>(_ read: (inout BinaryReader) throws -> T) throws -> T? {
        switch try byte() {
        case 0: return nil
        case 1: return try read(&self)
        default: throw Malformed()
        }
    }

    mutating func array<T>(_ read: (inout BinaryReader) throws -> T) throws -> [T] {
        let count = try int()
        // Each element takes at least one byte, so a larger count can only be damage.
        guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
        return try (0..<count).map { _ in try read(&self) }
    }
}
