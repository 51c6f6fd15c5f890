import Foundation

/// Writes the cache's compact binary form: little-endian integers, doubles as bit patterns,
/// strings as a length and UTF-8 bytes.
struct BinaryWriter {
    private(set) var data = Data()

    mutating func byte(_ value: UInt8) { data.append(value) }

    mutating func int(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { data.append(contentsOf: $0) }
    }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        let utf8 = Array(value.utf8)
        int(utf8.count)
        data.append(contentsOf: utf8)
    }

    /// A presence flag, then the value when present.
    mutating func optional<T>(_ value: T?, _ write: (inout BinaryWriter, T) -> Void) {
        guard let value else { return byte(0) }
        byte(1)
        write(&self, value)
    }

    mutating func array<T>(_ values: [T], _ write: (inout BinaryWriter, T) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }
}
