extension ConsoleTemplates {
    /// One revision with its whole diff against the one before, where the history's shortened
    /// diffs link to.
    static let revision = """
        {{<layout}}{{$content}}
        <h1>Revision {{number}} · {{appName}} <span class="muted">{{channel}}</span></h1>
        <p class="actions"><a href="/console/apps/{{app}}/history?channel={{channel}}">Back to the history</a></p>
        <div class="table-wrap"><table>
        <caption class="visually-hidden">Revision {{number}}</caption>
        <tbody>
        <tr><th scope="row">Published</th><td><time datetime="{{iso}}">{{date}}</time></td></tr>
        <tr><th scope="row">By</th><td>{{author}}</td></tr>
        {{#note}}<tr><th scope="row">Note</th><td class="note">{{.}}</td></tr>{{/note}}
        </tbody></table></div>
        <h2>{{#hasPrevious}}Changes against revision {{previous}}{{/hasPrevious}}{{^hasPrevious}}The first revision{{/hasPrevious}}</h2>
        <div id="revision-diff">{{#diff}}{{> diff}}{{/diff}}</div>
        {{/content}}{{/layout}}
        """
}
