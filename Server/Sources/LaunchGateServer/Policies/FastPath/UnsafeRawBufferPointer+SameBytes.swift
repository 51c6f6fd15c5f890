import Foundation

extension UnsafeRawBufferPointer {
    /// Whether both hold the same bytes; `memcmp`, which the generic `elementsEqual` is not.
    func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        guard count == other.count else { return false }
        guard let base = baseAddress, let otherBase = other.baseAddress else { return true }
        return memcmp(base, otherBase, count) == 0
    }
}
