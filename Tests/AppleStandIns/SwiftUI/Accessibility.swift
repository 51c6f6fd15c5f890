// Stand-in for SwiftUI's accessibility modifiers, for Linux only (see View.swift).

public struct AccessibilityTraits: SetAlgebra, Sendable {
    private var bits: UInt
    private init(bits: UInt) { self.bits = bits }
    public init() { bits = 0 }
    public static let isHeader = AccessibilityTraits(bits: 1)
    public static let isModal = AccessibilityTraits(bits: 2)

    public typealias Element = AccessibilityTraits
    public typealias ArrayLiteralElement = AccessibilityTraits
    public func contains(_ member: AccessibilityTraits) -> Bool { bits & member.bits == member.bits }
    public func union(_ other: AccessibilityTraits) -> AccessibilityTraits { AccessibilityTraits(bits: bits | other.bits) }
    public func intersection(_ other: AccessibilityTraits) -> AccessibilityTraits { AccessibilityTraits(bits: bits & other.bits) }
    public func symmetricDifference(_ other: AccessibilityTraits) -> AccessibilityTraits { AccessibilityTraits(bits: bits ^ other.bits) }
    public mutating func insert(_ newMember: AccessibilityTraits) -> (inserted: Bool, memberAfterInsert: AccessibilityTraits) {
        let inserted = !contains(newMember)
        bits |= newMember.bits
        return (inserted, newMember)
    }
    public mutating func remove(_ member: AccessibilityTraits) -> AccessibilityTraits? {
        guard contains(member) else { return nil }
        bits &= ~member.bits
        return member
    }
    public mutating func update(with newMember: AccessibilityTraits) -> AccessibilityTraits? {
        let had = contains(newMember)
        bits |= newMember.bits
        return had ? newMember : nil
    }
    public mutating func formUnion(_ other: AccessibilityTraits) { bits |= other.bits }
    public mutating func formIntersection(_ other: AccessibilityTraits) { bits &= other.bits }
    public mutating func formSymmetricDifference(_ other: AccessibilityTraits) { bits ^= other.bits }
    public static func == (lhs: AccessibilityTraits, rhs: AccessibilityTraits) -> Bool { lhs.bits == rhs.bits }
}

public struct AccessibilityChildBehavior: Hashable {
    let standInName: String
    public static var ignore: AccessibilityChildBehavior { AccessibilityChildBehavior(standInName: "ignore") }
    public static var contain: AccessibilityChildBehavior { AccessibilityChildBehavior(standInName: "contain") }
    public static var combine: AccessibilityChildBehavior { AccessibilityChildBehavior(standInName: "combine") }
}

public struct AccessibilityAttachmentModifier: ViewModifier {
    public func body(content: Content) -> Never { fatalError("stand-in views are never rendered") }
}

extension View {
    public func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }
    public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }
    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }
    @_disfavoredOverload
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }
    public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { standInModified() }
    public func accessibilityFocused(_ condition: AccessibilityFocusState<Bool>.Binding) -> some View { standInModified() }
    public func accessibilityAction(_ actionKind: AccessibilityActionKind = .default,
                                    _ handler: @escaping () -> Void) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
    }
}

public struct AccessibilityActionKind: Equatable, Sendable {
    let standInName: String
    public static let `default` = AccessibilityActionKind(standInName: "default")
    public static let escape = AccessibilityActionKind(standInName: "escape")
    public static let magicTap = AccessibilityActionKind(standInName: "magicTap")
}
