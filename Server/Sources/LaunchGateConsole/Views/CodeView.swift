/// Where the emailed code is typed: the same page for every address, operator or not.
struct CodeView: ConsoleView {
    package let email: String
    package let codeLength: Int
    /// How long the code works, in whole minutes.
    package let minutes: Int
    /// Why the code was refused.
    package let error: String?
}
