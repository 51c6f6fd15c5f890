/// One `<option>` of a select: the value posted, the text shown, and whether it is chosen.
struct ConsoleOption: ConsoleView {
    package let value: String
    package let label: String
    package let selected: Bool

    package init(value: String, label: String? = nil, selected: Bool) {
        (self.value, self.label, self.selected) = (value, label ?? value, selected)
    }
}
