/// Where the emailed code is typed: the same page for every address, operator or not.
struct CodeView: ConsoleView {
    package let email: String
    /// The digits of the code sent, as its send decided (the same for every address).
    package let codeLength: Int
    /// The most digits the field takes: a long code's.
    package let longLength: Int
    /// The field's pattern: a short code's digits or a long one's.
    package let pattern: String
    /// How long the code works, in whole minutes.
    package let minutes: Int
    /// Why the code was refused.
    package let error: String?
}
