extension Character {
    /// `0` to `9`, and nothing else that Unicode calls a digit.
    var isASCIIDigit: Bool { isASCII && isNumber }
}
