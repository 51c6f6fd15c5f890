/// Where the emailed code is typed: the same page for every address, operator or not.
struct CodeView: ConsoleView {
    let email: String
    let codeLength: Int
    /// How long the code works, in whole minutes.
    let minutes: Int
    /// Why the code was refused.
    let error: String?
}
