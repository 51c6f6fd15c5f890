extension ConsoleTemplates {
    /// An app's sign-in users, a page at a time.
    static let users = """
        {{<layout}}{{$content}}
        <h1>Users · {{appName}}</h1>
        <p class="actions"><a href="/console/apps/{{app}}">Back to {{appName}}</a>{{#isLaterPage}} <a href="/console/apps/{{app}}/users">First page</a>{{/isLaterPage}}</p>
        <p>People who signed in to the app with an emailed code, by address.</p>
        {{^hasUsers}}<p>No users{{#isLaterPage}} after this point{{/isLaterPage}}.</p>{{/hasUsers}}
        {{#hasUsers}}
        <div class="table-wrap"><table>
        <caption class="visually-hidden">Users by address</caption>
        <thead><tr><th scope="col">Email</th><th scope="col">Since</th><th scope="col">Last sign-in</th></tr></thead>
        <tbody>
        {{#users}}<tr><td><a href="/console/apps/{{app}}/users/{{id}}">{{email}}</a></td><td>{{created}}</td><td>{{lastSignIn}}</td></tr>{{/users}}
        </tbody></table></div>
        {{/hasUsers}}
        {{#next}}<p class="actions"><a href="{{next}}" id="next-page">Next page</a></p>{{/next}}
        {{/content}}{{/layout}}
        """

    /// One user with their sessions.
    static let user = """
        {{<layout}}{{$content}}
        {{#user}}
        <h1>{{email}} <span class="muted">{{appName}}</span></h1>
        <p class="actions"><a href="/console/apps/{{app}}/users">All users of {{appName}}</a></p>
        {{#notice}}<p class="notice" role="status" id="notice">{{notice}}</p>{{/notice}}
        <section class="card"><dl class="counts"><div><dt>User ID</dt><dd><code>{{id}}</code></dd></div><div><dt>Since</dt><dd>{{created}}</dd></div><div><dt>Last sign-in</dt><dd>{{lastSignIn}}</dd></div></dl></section>
        <section class="card" aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">Sessions</h2>
        {{#canAdminister}}{{#hasActive}}<form method="post" action="/console/apps/{{app}}/users/{{id}}/revoke" class="inline">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="all" value="1">
        <button type="submit" class="secondary" id="revoke-all">Revoke all of {{email}}’s sessions</button></form>{{/hasActive}}{{/canAdminister}}
        {{^hasSessions}}<p>No sessions.</p>{{/hasSessions}}
        {{#hasSessions}}
        <div class="table-wrap"><table>
        <caption class="visually-hidden">Sessions, newest first</caption>
        <thead><tr><th scope="col">Session</th><th scope="col">Device</th><th scope="col">Started</th><th scope="col">Expires</th><th scope="col">State</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
        <tbody>
        {{#sessions}}<tr><td><code>{{id}}</code></td><td><code class="hash">{{device}}</code></td><td>{{created}}</td><td>{{expires}}</td><td>{{state}}</td>
        <td>{{#active}}{{#canAdminister}}<form method="post" action="/console/apps/{{app}}/users/{{user.id}}/revoke"><input type="hidden" name="csrf" value="{{csrf}}">
        <input type="hidden" name="session" value="{{id}}"><button type="submit" class="secondary" aria-label="Revoke session {{id}}">Revoke</button></form>{{/canAdminister}}{{/active}}</td></tr>
        {{/sessions}}
        </tbody></table></div>
        {{#more}}<p class="hint">{{more}} older sessions are not shown.</p>{{/more}}
        {{/hasSessions}}
        {{^canAdminister}}<p class="hint">Revoking sessions needs the admin scope.</p>{{/canAdminister}}
        </section>
        {{/user}}
        {{/content}}{{/layout}}
        """

    /// The sign-in mail outbox.
    static let mail = """
        {{<layout}}{{$content}}
        <h1>Mail</h1>
        <p>Sign-in codes wait in the outbox until the mail server takes them; a message that fails for good is listed below with the server's answer.</p>
        <dl class="counts" aria-label="Messages by state">{{#counts}}<div><dt>{{state}}</dt><dd id="count-{{state}}">{{count}}</dd></div>{{/counts}}</dl>
        {{#oldest}}<p class="warn" id="oldest">The oldest waiting message was queued {{date}}, {{minutes}} min ago. If this grows, mail is stuck: check the server's log and the SMTP settings.</p>{{/oldest}}
        {{^oldest}}<p id="oldest">Nothing is waiting.</p>{{/oldest}}
        <h2>Failed for good</h2>
        {{^hasFailures}}<p>No permanent failures.</p>{{/hasFailures}}
        {{#hasFailures}}
        <div class="table-wrap"><table>
        <caption class="visually-hidden">The newest permanent failures, newest first</caption>
        <thead><tr><th scope="col">Address</th><th scope="col">App</th><th scope="col">Attempts</th><th scope="col">Last error</th><th scope="col">When</th></tr></thead>
        <tbody>
        {{#failures}}<tr><td>{{email}}</td><td>{{app}}</td><td>{{attempts}}</td><td class="note">{{error}}</td><td>{{date}}</td></tr>{{/failures}}
        </tbody></table></div>
        {{/hasFailures}}
        {{/content}}{{/layout}}
        """

    /// Admin tokens: list, create (the secret shown once), revoke.
    static let tokens = """
        {{<layout}}{{$content}}
        <h1>Tokens</h1>
        {{#notice}}<p class="notice" role="status" id="notice">{{notice}}</p>{{/notice}}
        {{#created}}<section class="card notice" aria-labelledby="created-heading" id="created">
        <h2 id="created-heading">Token for {{name}} ({{scope}})</h2>
        <p>Copy it now: it is shown only this once, and only its hash is stored.</p>
        <p><code class="hash" id="new-token">{{secret}}</code></p>
        </section>{{/created}}
        {{^hasTokens}}<p>No tokens.</p>{{/hasTokens}}
        {{#hasTokens}}
        <div class="table-wrap"><table>
        <caption class="visually-hidden">Admin tokens, newest first</caption>
        <thead><tr><th scope="col">ID</th><th scope="col">Name</th><th scope="col">Scope</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
        <tbody>
        {{#tokens}}<tr><td><code>{{id}}</code></td><td>{{name}}{{#current}} <span class="badge">this session</span>{{/current}}</td><td>{{scope}}</td><td>{{created}}</td><td class="last-used">{{lastUsed}}</td>
        <td>{{#active}}active{{/active}}{{^active}}revoked {{revoked}}{{/active}}</td>
        <td>{{#active}}<form method="post" action="/console/tokens/revoke"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="id" value="{{id}}">
        <button type="submit" class="secondary" aria-label="Revoke token {{id}} of {{name}}">Revoke</button></form>{{/active}}</td></tr>
        {{/tokens}}
        </tbody></table></div>
        {{/hasTokens}}
        <section class="card narrow-left" aria-labelledby="create-heading">
        <h2 id="create-heading">Create a token</h2>
        {{#error}}<p class="error" role="alert" id="token-error">{{error}}</p>{{/error}}
        <form method="post" action="/console/tokens">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <div class="field"><label for="token-name">Name</label>
        <input type="text" id="token-name" name="name" value="{{name}}" required maxlength="100" autocomplete="off"
          aria-describedby="token-name-hint{{#nameError}} token-name-error{{/nameError}}"{{#nameError}} aria-invalid="true"{{/nameError}}>
        <p class="hint" id="token-name-hint">Who or what holds it, such as “CI release job”.</p>
        {{#nameError}}<p class="error" role="alert" id="token-name-error">{{nameError}}</p>{{/nameError}}</div>
        <div class="field"><label for="token-scope">Scope</label>
        <select id="token-scope" name="scope"{{#scopeError}} aria-describedby="token-scope-error" aria-invalid="true"{{/scopeError}}>{{#scopes}}<option value="{{scope}}"{{#selected}} selected{{/selected}}>{{scope}}</option>{{/scopes}}</select>
        {{#scopeError}}<p class="error" role="alert" id="token-scope-error">{{scopeError}}</p>{{/scopeError}}</div>
        <button type="submit">Create</button>
        </form>
        </section>
        {{/content}}{{/layout}}
        """

    /// Console operators: list, add, remove.
    static let operators = """
        {{<layout}}{{$content}}
        <h1>Operators</h1>
        <p>People who sign in to the console with an emailed code instead of a token. Their scope works as a token’s: read, publish or admin.</p>
        {{#notice}}<p class="notice" role="status" id="notice">{{notice}}</p>{{/notice}}
        {{^hasOperators}}<p>No operators yet.</p>{{/hasOperators}}
        {{#hasOperators}}
        <div class="table-wrap"><table>
        <caption class="visually-hidden">Operators by address</caption>
        <thead><tr><th scope="col">Email</th><th scope="col">Scope</th><th scope="col">Added</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
        <tbody>
        {{#operators}}<tr><td>{{email}}{{#current}} <span class="badge">you</span>{{/current}}</td><td>{{scope}}</td><td>{{created}}</td>
        <td><form method="post" action="/console/operators/remove"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="email" value="{{email}}">
        <button type="submit" class="secondary" aria-label="Remove operator {{email}}">Remove</button></form></td></tr>
        {{/operators}}
        </tbody></table></div>
        {{/hasOperators}}
        <section class="card narrow-left" aria-labelledby="add-heading">
        <h2 id="add-heading">Add an operator</h2>
        {{#error}}<p class="error" role="alert" id="operator-error">{{error}}</p>{{/error}}
        <form method="post" action="/console/operators">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <div class="field"><label for="operator-email">Email address</label>
        <input type="text" id="operator-email" name="email" value="{{email}}" inputmode="email" required autocomplete="off" spellcheck="false"
          {{#emailError}}aria-describedby="operator-email-error" aria-invalid="true"{{/emailError}}>
        {{#emailError}}<p class="error" role="alert" id="operator-email-error">{{emailError}}</p>{{/emailError}}</div>
        <div class="field"><label for="operator-scope">Scope</label>
        <select id="operator-scope" name="scope"{{#scopeError}} aria-describedby="operator-scope-error" aria-invalid="true"{{/scopeError}}>{{#scopes}}<option value="{{scope}}"{{#selected}} selected{{/selected}}>{{scope}}</option>{{/scopes}}</select>
        {{#scopeError}}<p class="error" role="alert" id="operator-scope-error">{{scopeError}}</p>{{/scopeError}}</div>
        <button type="submit">Add</button>
        </form>
        </section>
        {{/content}}{{/layout}}
        """
}
