extension QueryValues {
    /// A boolean flag such as `dry_run`: `false` when missing; `true`, `1`, `false` or `0` otherwise.
    package static func flag(_ text: String?, name: String) throws -> Bool {
        switch text?.lowercased() {
        case nil, "", "false", "0": return false
        case "true", "1": return true
        default: throw InputError.invalidParameter(name, "use true or false")
        }
    }

    /// A whole number of days from 1 to `maximum`, or `nil` when missing.
    package static func days(_ text: String?, name: String = "days", maximum: Int) throws -> Int? {
        guard let text, !text.isEmpty else { return nil }
        guard let days = Int(text), (1...maximum).contains(days) else {
            throw InputError.invalidParameter(name, "a whole number of days from 1 to \(maximum)")
        }
        return days
    }

    /// A whole number from `range` (such as `limit` or `page`), or `fallback` when missing or empty.
    package static func number(_ text: String?, name: String, in range: ClosedRange<Int>, default fallback: Int) throws -> Int {
        guard let text, !text.isEmpty else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            throw InputError.invalidParameter(name, "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}
