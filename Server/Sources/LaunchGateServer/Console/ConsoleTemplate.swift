/// The console's Mustache templates, by file name in `Resources/Console/Templates`: every one is
/// checked to be there and to parse when the console starts, so a page can't meet a missing one.
enum ConsoleTemplate: String, CaseIterable, Sendable {
    case layout, error, apps, editor, previews, diff, chart, history, revision, adoption, exemptions, users, user, mail, tokens, operators
    case signIn = "sign-in"
    case signInEmail = "sign-in-email"
    case signInCode = "sign-in-code"
    /// The previews alone: what console.js swaps in while the editor is typed in.
    case previewsFragment = "previews-fragment"
}
