extension String {
    /// The string right-aligned in `width` columns, for the CLI's tables.
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
