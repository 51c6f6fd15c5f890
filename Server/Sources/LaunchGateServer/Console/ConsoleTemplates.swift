/// The console's Mustache templates, compiled into the binary. Values only ever go through
/// `{{ }}` (HTML-escaped); styles and scripts live in /console/assets, so the
/// Content-Security-Policy can forbid inline ones.
enum ConsoleTemplates {
    /// Every template by name, for ``ConsoleRenderer``.
    static var all: [(String, String)] {
        [("layout", layout), ("error", error), ("sign-in", signIn), ("apps", apps), ("history", history), ("adoption", adoption),
         ("editor", editor), ("previews", previews), ("diff", diff), ("chart", chart), ("exemptions", exemptions),
         ("revision", revision)] + accountTemplates
    }

    static let layout = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>{{title}} · LaunchGate</title>
        <link rel="stylesheet" href="/console/assets/console.css">
        <script src="/console/assets/console.js" defer></script>
        </head>
        <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="top">
        <a class="brand" href="/console/apps">LaunchGate</a>
        {{#session}}
        <nav aria-label="Main"><a href="/console/apps">Apps</a> <a href="/console/mail">Mail</a>{{#isAdmin}} <a href="/console/tokens">Tokens</a> <a href="/console/operators">Operators</a>{{/isAdmin}}</nav>
        <form method="post" action="/console/sign-out" class="sign-out">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <span class="who">{{name}} · {{scope}}</span>
        <button type="submit" class="secondary">Sign out</button>
        </form>
        {{/session}}
        </header>
        <main id="main">
        {{$content}}{{/content}}
        </main>
        </body>
        </html>
        """

    static let error = """
        {{<layout}}{{$content}}
        <h1>{{heading}}</h1>
        <p class="error" role="alert">{{message}}</p>
        <p><a href="/console/apps">Back to the apps</a></p>
        {{/content}}{{/layout}}
        """

    static let signIn = """
        {{<layout}}{{$content}}
        <section class="card narrow">
        <h1>Sign in</h1>
        <form method="post" action="/console/sign-in">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <div class="field{{#error}} invalid{{/error}}">
        <label for="token">Admin token</label>
        <input id="token" name="token" type="password" autocomplete="off" required aria-describedby="token-hint{{#error}} token-error{{/error}}"{{#error}} aria-invalid="true"{{/error}}>
        <p class="hint" id="token-hint">A token from <code>launchgate tokens create</code>; <code>launchgate serve --demo</code> prints one. Its scope is the API's: read, publish or admin.</p>
        {{#error}}<p class="error" id="token-error" role="alert">{{error}}</p>{{/error}}
        </div>
        <button type="submit">Sign in</button>
        </form>
        </section>
        {{> sign-in-email}}
        {{/content}}{{/layout}}
        """

    static let apps = """
        {{<layout}}{{$content}}
        <h1>{{heading}}</h1>
        {{^apps}}<p>No apps yet. Create one with <code>launchgate apps create ID</code>.</p>{{/apps}}
        {{#apps}}
        <section class="card app" aria-labelledby="app-{{id}}">
        <h2 id="app-{{id}}"><a href="/console/apps/{{id}}">{{name}}</a> <span class="muted">{{id}}</span></h2>
        <p class="actions"><a href="/console/apps/{{id}}/adoption">Adoption</a> <a href="/console/apps/{{id}}/exemptions">Exemptions</a> <a href="/console/apps/{{id}}/users">Users</a></p>
        {{#channels}}
        <h3>{{channel}} {{#revision}}<span class="muted">revision {{revision}} by {{author}}, {{date}}</span>{{/revision}}</h3>
        {{#revision}}
        <div class="table-wrap"><table>
        <caption class="visually-hidden">Current {{channel}} policy of {{name}}</caption>
        <thead><tr><th scope="col">Platform</th><th scope="col">Latest</th><th scope="col">Recommended</th><th scope="col">Required</th><th scope="col">Blocked</th><th scope="col">End of life</th></tr></thead>
        <tbody>
        {{#platforms}}<tr><th scope="row">{{platform}}</th><td>{{latest}}</td><td>{{recommended}}</td><td>{{required}}</td><td>{{blocked}}</td><td>{{endOfLife}}</td></tr>{{/platforms}}
        </tbody></table></div>
        {{/revision}}
        {{^revision}}<p>Nothing published on {{channel}} yet.</p>{{/revision}}
        <p class="actions"><a href="/console/apps/{{id}}/policy?channel={{channel}}">Edit the {{channel}} policy</a>{{#revision}} <a href="/console/apps/{{id}}/history?channel={{channel}}">History of {{channel}}</a>{{/revision}}</p>
        {{/channels}}
        </section>
        {{/apps}}
        {{/content}}{{/layout}}
        """

    static let diff = """
        <pre class="diff">{{#lines}}<span class="{{change}}">{{marker}} {{text}}</span>{{/lines}}</pre>
        {{#hasMore}}<p class="hint diff-more">{{more}} more lines not shown.{{#fullDiff}} <a href="{{.}}">See the whole diff</a>{{/fullDiff}}</p>{{/hasMore}}
        """

    static let history = """
        {{<layout}}{{$content}}
        <h1>History · {{appName}} <span class="muted">{{channel}}</span></h1>
        <p class="actions"><a href="/console/apps/{{app}}/policy?channel={{channel}}">Edit the policy</a> <a href="/console/apps/{{app}}">Back to {{appName}}</a></p>
        {{#notice}}<p class="notice" role="status" id="notice">{{notice}}</p>{{/notice}}
        {{#guardError}}<p class="error" role="alert" id="guard-error">{{guardError}}</p>{{/guardError}}
        {{^revisions}}<p>Nothing published on {{channel}} yet.</p>{{/revisions}}
        {{#hasRevisions}}
        <div class="table-wrap"><table class="history">
        <caption class="visually-hidden">Revisions, newest first</caption>
        <thead><tr><th scope="col">Revision</th><th scope="col">Published</th><th scope="col">By</th><th scope="col">Note</th><th scope="col">Changes</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
        <tbody>
        {{#revisions}}
        <tr id="revision-{{number}}">
        <td>{{number}}{{#current}} <span class="badge">served</span>{{/current}}</td>
        <td><time datetime="{{iso}}">{{date}}</time></td>
        <td>{{author}}</td>
        <td class="note">{{note}}</td>
        <td>{{#hasDiff}}<details><summary>Diff against {{previous}}</summary>{{#diff}}{{> diff}}{{/diff}}</details>{{/hasDiff}}</td>
        <td>{{^current}}{{#canPublish}}<form method="post" action="/console/apps/{{app}}/history/rollback?channel={{channel}}&amp;page={{page}}">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="revision" value="{{number}}">
        {{#askConfirm}}<div class="field check"><input type="checkbox" id="confirm" name="confirm" value="on"> <label for="confirm">Roll back although it blocks this many installs</label></div>{{/askConfirm}}
        <button type="submit" class="secondary" id="rollback-{{number}}">Roll back to {{number}}</button></form>{{/canPublish}}{{/current}}</td>
        </tr>
        {{/revisions}}
        </tbody></table></div>
        {{/hasRevisions}}
        {{#hasPages}}<nav class="pager actions" aria-label="History pages"><span id="history-page">Page {{page}} of {{pages}}</span>
        {{#hasNewer}}<a href="/console/apps/{{app}}/history?channel={{channel}}&amp;page={{newerPage}}" rel="prev" id="history-newer">Newer revisions</a>{{/hasNewer}}
        {{#hasOlder}}<a href="/console/apps/{{app}}/history?channel={{channel}}&amp;page={{olderPage}}" rel="next" id="history-older">Older revisions</a>{{/hasOlder}}
        </nav>{{/hasPages}}
        {{/content}}{{/layout}}
        """

    static let adoption = """
        {{<layout}}{{$content}}
        <h1>Adoption · {{appName}}</h1>
        <form method="get" class="inline">
        <label for="days">Active within</label>
        <select id="days" name="days">{{#windows}}<option value="{{days}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/windows}}</select>
        <label for="platform">Platform</label>
        <select id="platform" name="platform"><option value="">All</option>{{#platforms}}<option value="{{id}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/platforms}}</select>
        <button type="submit" class="secondary">Show</button>
        </form>
        <p id="active">{{activeInstalls}} active installs {{daysLabel}}.</p>
        {{#versions}}{{> chart}}{{/versions}}
        {{#os}}{{> chart}}{{/os}}
        {{#timeline}}
        <figure class="chart card">
        <figcaption id="chart-timeline">Versions over the last {{timelineDays}} UTC calendar days, {{firstDay}} to {{lastDay}} (share of each day's active installs)</figcaption>
        {{^hasDays}}<p>No installs seen in this period.</p>{{/hasDays}}
        {{#hasDays}}
        <svg viewBox="0 0 {{width}} {{height}}" width="100%" class="timeline" role="img" aria-labelledby="chart-timeline">
        <line x1="{{left}}" y1="{{top}}" x2="{{right}}" y2="{{top}}" class="chart-grid"></line>
        <text x="{{left}}" y="14" dx="-6" text-anchor="end" class="chart-axis">100 %</text><text x="{{left}}" y="{{bottom}}" dx="-6" text-anchor="end" class="chart-axis">0 %</text>
        {{#segments}}<rect x="{{x}}" y="{{y}}" width="{{width}}" height="{{height}}" class="series-{{series}}"><title>{{title}}</title></rect>{{/segments}}
        <line x1="{{left}}" y1="{{bottom}}" x2="{{right}}" y2="{{bottom}}" class="chart-axis-line"></line>
        <text x="{{left}}" y="186" class="chart-axis" id="timeline-first-day">{{firstDay}}</text><text x="{{right}}" y="186" text-anchor="end" class="chart-axis" id="timeline-last-day">{{lastDay}} (today, UTC)</text>
        </svg>
        <ul class="chart-legend">{{#legend}}<li><span class="chart-swatch series-{{series}}"></span>{{label}}</li>{{/legend}}</ul>
        {{/hasDays}}
        </figure>
        {{/timeline}}
        <p class="actions"><a href="/console/apps/{{app}}">Back to {{appName}}</a></p>
        {{/content}}{{/layout}}
        """
}
