/// A page as its template sees it: the layout's values at the top (`title`, `csrf`, `session`,
/// `assets`) and the page's own typed view under `view`, which each page template opens with
/// `{{#view}}`. Mustache looks a name up from the innermost section outwards, so a page's rows
/// reach `csrf` and `session` without copies.
struct ConsolePage<View: Encodable & Sendable>: Encodable, Sendable {
    let title: String
    /// The CSRF token every form of the page carries: the session's, or the sign-in form's.
    let csrf: String
    /// Who is signed in, for the navigation and the sign-out form; `nil` before sign-in.
    let session: ConsoleLayout.SessionBar?
    let assets: ConsoleAssets.Links
    let view: View

    init(_ layout: ConsoleLayout, assets: ConsoleAssets.Links, view: View) {
        (title, csrf, session) = (layout.title, layout.csrf, layout.session)
        (self.assets, self.view) = (assets, view)
    }
}
