/// Makes an example of a view type with every optional present, every list one element long,
/// every string `"x"`, every number 1, every Bool `true` and every enum its first case: a value
/// in which every name a template could reach exists, for ``ConsoleTemplateCheck``, which
/// reads it through `Mirror` as swift-mustache does. Swift has no public way to list a type's
/// stored properties without a value, and a hand-written example per view would miss whatever
/// it forgot to fill; decoding one from nothing fills everything.
struct ConsoleViewExample: Decoder {
    /// Why no example could be made: a type nested past ``maximumDepth``, or one that refuses
    /// the example's values (an enum that isn't `CaseIterable`).
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Nesting deeper than this is a type that contains itself.
    package static let maximumDepth = 24

    package let codingPath: [any CodingKey]
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// An example of a type.
    /// - Throws: ``Failure``.
    package static func make<T: Decodable>(_ type: T.Type) throws -> T {
        try value(T.self, at: [])
    }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(codingPath: codingPath))
    }

    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer { Unkeyed(codingPath: codingPath) }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(codingPath: codingPath) }

    fileprivate static func value<T: Decodable>(_ type: T.Type, at path: [any CodingKey]) throws -> T {
        guard path.count <= maximumDepth else {
            throw Failure(description: "\(T.self) nests deeper than \(maximumDepth) levels at \(path.map(\.stringValue).joined(separator: "."))")
        }
        let primitive: Any? = switch type {
        case is String.Type: "x"
        case is Bool.Type: true
        case is Double.Type: 1.0
        case is Float.Type: Float(1)
        case let integer as any FixedWidthInteger.Type: integer.init(1)
        case let enumeration as any CaseIterable.Type: firstCase(of: enumeration)
        default: nil
        }
        if let primitive {
            guard let value = primitive as? T else { throw Failure(description: "\(T.self) has no example") }
            return value
        }
        return try T(from: ConsoleViewExample(codingPath: path))
    }

    private static func firstCase<C: CaseIterable>(of type: C.Type) -> Any? {
        type.allCases.first
    }
}

private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let codingPath: [any CodingKey]
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) -> Bool { false }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try ConsoleViewExample.value(type, at: codingPath + [key]) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try ConsoleViewExample.value(type, at: codingPath + [key]) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try ConsoleViewExample.value(type, at: codingPath + [key]) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try ConsoleViewExample.value(type, at: codingPath + [key]) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try ConsoleViewExample.value(type, at: codingPath + [key]) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try ConsoleViewExample.value(type, at: codingPath + [key]) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try ConsoleViewExample.value(type, at: codingPath + [key]) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try ConsoleViewExample.value(type, at: codingPath + [key]) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try ConsoleViewExample.value(type, at: codingPath + [key]) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try ConsoleViewExample.value(type, at: codingPath + [key]) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try ConsoleViewExample.value(type, at: codingPath + [key]) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try ConsoleViewExample.value(type, at: codingPath + [key]) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try ConsoleViewExample.value(type, at: codingPath + [key]) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try ConsoleViewExample.value(type, at: codingPath + [key]) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try ConsoleViewExample.value(type, at: codingPath + [key]) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(Keyed<NestedKey>(codingPath: codingPath + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedDecodingContainer { Unkeyed(codingPath: codingPath + [key]) }
    func superDecoder() -> any Decoder { ConsoleViewExample(codingPath: codingPath) }
    func superDecoder(forKey key: Key) -> any Decoder { ConsoleViewExample(codingPath: codingPath + [key]) }
}

/// A list of one element, so that a template's names inside a section over the list are checked.
private struct Unkeyed: UnkeyedDecodingContainer {
    private struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    let codingPath: [any CodingKey]
    var count: Int? { 1 }
    var isAtEnd: Bool { currentIndex >= 1 }
    private(set) var currentIndex = 0

    init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

    mutating func decodeNil() -> Bool { false }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) }

    private mutating func next<T: Decodable>(_ type: T.Type) throws -> T {
        defer { currentIndex += 1 }
        return try ConsoleViewExample.value(type, at: codingPath + [Index(intValue: currentIndex)])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedDecodingContainer<NestedKey> {
        defer { currentIndex += 1 }
        return KeyedDecodingContainer(Keyed<NestedKey>(codingPath: codingPath + [Index(intValue: currentIndex)]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedDecodingContainer {
        defer { currentIndex += 1 }
        return Unkeyed(codingPath: codingPath + [Index(intValue: currentIndex)])
    }

    mutating func superDecoder() -> any Decoder { ConsoleViewExample(codingPath: codingPath) }
}

private struct Single: SingleValueDecodingContainer {
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) throws -> Bool { try ConsoleViewExample.value(type, at: codingPath) }
    func decode(_ type: String.Type) throws -> String { try ConsoleViewExample.value(type, at: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try ConsoleViewExample.value(type, at: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try ConsoleViewExample.value(type, at: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try ConsoleViewExample.value(type, at: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try ConsoleViewExample.value(type, at: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try ConsoleViewExample.value(type, at: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try ConsoleViewExample.value(type, at: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try ConsoleViewExample.value(type, at: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try ConsoleViewExample.value(type, at: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try ConsoleViewExample.value(type, at: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try ConsoleViewExample.value(type, at: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try ConsoleViewExample.value(type, at: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try ConsoleViewExample.value(type, at: codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try ConsoleViewExample.value(type, at: codingPath) }
}
