/// The console's Mustache templates, by file name in `Resources/Console/Templates`: every one is
/// checked to be there, to parse and to name only what its view has (``ConsoleTemplateCheck``)
/// when the console starts, so a page can't meet a missing one or render a name as nothing.
package enum ConsoleTemplate: String, CaseIterable, Sendable {
    case layout, error, apps, editor, previews, diff, chart, history, revision, adoption, funnel, appstore, exemptions, webhooks, users, user, mail, tokens, operators
    case signIn = "sign-in"
    case signInEmail = "sign-in-email"
    case signInCode = "sign-in-code"
    /// The previews alone: what console.js swaps in while the editor is typed in.
    case previewsFragment = "previews-fragment"

    /// The view a page is rendered with (inside a ``ConsolePage``); `nil` for the layout and the
    /// partials, which are checked with the values of the page that includes them, where it does.
    var view: (any ConsoleView.Type)? {
        switch self {
        case .layout, .previews, .diff, .chart, .signInEmail: nil
        case .error: ConsoleErrorView.self
        case .apps: AppsView.self
        case .editor, .previewsFragment: EditorView.self
        case .history: HistoryView.self
        case .revision: RevisionView.self
        case .adoption: AdoptionView.self
        case .funnel: FunnelView.self
        case .appstore: AppStoreView.self
        case .exemptions: ExemptionsView.self
        case .webhooks: WebhooksView.self
        case .users: UsersView.self
        case .user: UserView.self
        case .mail: MailView.self
        case .tokens: TokensView.self
        case .operators: OperatorsView.self
        case .signIn: SignInView.self
        case .signInCode: CodeView.self
        }
    }
}
