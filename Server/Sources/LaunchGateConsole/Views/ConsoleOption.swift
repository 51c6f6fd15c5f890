/// One `<option>` of a select: the value posted, the text shown, and whether it is chosen.
struct ConsoleOption: ConsoleView {
    let value: String
    let label: String
    let selected: Bool

    init(value: String, label: String? = nil, selected: Bool) {
        (self.value, self.label, self.selected) = (value, label ?? value, selected)
    }
}
