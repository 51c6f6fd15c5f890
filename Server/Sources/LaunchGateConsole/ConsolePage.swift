/// A page as its template sees it: what the layout shows (`layout.title`, `layout.csrf`,
/// `layout.session`), the asset links, and the page's own typed view under `view`, which each
/// page template opens with `{{#view}}`. Mustache looks a name's first part up from the innermost
/// section outwards, so a page's rows reach `layout.csrf` and `layout.session` without copies.
struct ConsolePage<View: ConsoleView>: ConsoleView {
    package let layout: ConsoleLayout
    package let assets: ConsoleAssets.Links
    package let view: View
}
