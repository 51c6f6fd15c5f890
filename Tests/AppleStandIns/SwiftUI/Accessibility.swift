// Stand-in for SwiftUI's accessibility modifiers, for type-checking on Linux only; bodies never run.

public struct AccessibilityTraits: SetAlgebra, Sendable {
    public init() { fatalError() }
    public static let isHeader = AccessibilityTraits()
    public static let isModal = AccessibilityTraits()

    public typealias Element = AccessibilityTraits
    public typealias ArrayLiteralElement = AccessibilityTraits
    public func contains(_ member: AccessibilityTraits) -> Bool { fatalError() }
    public func union(_ other: AccessibilityTraits) -> AccessibilityTraits { fatalError() }
    public func intersection(_ other: AccessibilityTraits) -> AccessibilityTraits { fatalError() }
    public func symmetricDifference(_ other: AccessibilityTraits) -> AccessibilityTraits { fatalError() }
    public mutating func insert(_ newMember: AccessibilityTraits) -> (inserted: Bool, memberAfterInsert: AccessibilityTraits) {
        fatalError()
    }
    public mutating func remove(_ member: AccessibilityTraits) -> AccessibilityTraits? { fatalError() }
    public mutating func update(with newMember: AccessibilityTraits) -> AccessibilityTraits? { fatalError() }
    public mutating func formUnion(_ other: AccessibilityTraits) { fatalError() }
    public mutating func formIntersection(_ other: AccessibilityTraits) { fatalError() }
    public mutating func formSymmetricDifference(_ other: AccessibilityTraits) { fatalError() }
    public static func == (lhs: AccessibilityTraits, rhs: AccessibilityTraits) -> Bool { fatalError() }
}

public struct AccessibilityChildBehavior: Hashable {
    public static let ignore = AccessibilityChildBehavior()
    public static let contain = AccessibilityChildBehavior()
    public static let combine = AccessibilityChildBehavior()
}

public struct AccessibilityAttachmentModifier: ViewModifier {
    public func body(content: Content) -> Never { fatalError() }
}

extension View {
    public func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        fatalError()
    }
    public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        fatalError()
    }
    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        fatalError()
    }
    @_disfavoredOverload
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        fatalError()
    }
    public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        fatalError()
    }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        fatalError()
    }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { fatalError() }
}
