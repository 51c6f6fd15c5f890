extension ConsoleTemplates {
    /// Exemptions: the stored hashes (the IDs themselves are never kept), add and remove.
    static let exemptions = """
        {{<layout}}{{$content}}
        <h1>Exemptions · {{appName}}</h1>
        <p class="actions"><a href="/console/apps/{{app}}">Back to {{appName}}</a></p>
        <p>Exempted installs and devices never see an update screen. Only the SHA-256 of each ID is stored and published in the signed policy.</p>
        {{#notice}}<p class="notice" role="status" id="notice">{{notice}}</p>{{/notice}}
        {{^hasExemptions}}<p>No exemptions.</p>{{/hasExemptions}}
        {{#hasExemptions}}
        <div class="table-wrap"><table>
        <caption class="visually-hidden">Exemptions, newest first</caption>
        <thead><tr><th scope="col">Kind</th><th scope="col">SHA-256 of the ID</th><th scope="col">Note</th><th scope="col">Added</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
        <tbody>
        {{#exemptions}}<tr><td>{{kind}}</td><td><code class="hash">{{value}}</code></td><td class="note">{{note}}</td><td>{{date}}</td>
        <td>{{#canAdminister}}<form method="post" action="/console/apps/{{app}}/exemptions/remove"><input type="hidden" name="csrf" value="{{csrf}}">
        <input type="hidden" name="kind" value="{{kind}}"><input type="hidden" name="value" value="{{value}}">
        <button type="submit" class="secondary">Remove</button></form>{{/canAdminister}}</td></tr>
        {{/exemptions}}
        </tbody></table></div>
        {{/hasExemptions}}
        {{#canAdminister}}
        <section class="card narrow-left" aria-labelledby="add-heading">
        <h2 id="add-heading">Exempt an install or device</h2>
        {{#error}}<p class="error" role="alert" id="exemption-error">{{error}}</p>{{/error}}
        <form method="post" action="/console/apps/{{app}}/exemptions">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <div class="field"><label for="kind">Kind</label>
        <select id="kind" name="kind"{{#kindError}} aria-describedby="kind-error" aria-invalid="true"{{/kindError}}>{{#kinds}}<option value="{{kind}}"{{#selected}} selected{{/selected}}>{{kind}}</option>{{/kinds}}</select>
        {{#kindError}}<p class="error" role="alert" id="kind-error">{{kindError}}</p>{{/kindError}}</div>
        <div class="field"><label for="value">ID, as the app knows it</label>
        <input type="text" id="value" name="value" value="{{value}}" required autocomplete="off"
          aria-describedby="value-hint{{#valueError}} value-error{{/valueError}}"{{#valueError}} aria-invalid="true"{{/valueError}}>
        <p class="hint" id="value-hint">The SDK's install ID, or the device ID your app reports. Only its hash is kept.</p>
        {{#valueError}}<p class="error" role="alert" id="value-error">{{valueError}}</p>{{/valueError}}</div>
        <div class="field"><label for="exemption-note">Note</label>
        <input type="text" id="exemption-note" name="note" value="{{note}}"
          aria-describedby="note-hint{{#noteError}} note-error{{/noteError}}"{{#noteError}} aria-invalid="true"{{/noteError}}>
        <p class="hint" id="note-hint">Who or why, such as “App Review”; at most 200 bytes of UTF-8.</p>
        {{#noteError}}<p class="error" role="alert" id="note-error">{{noteError}}</p>{{/noteError}}</div>
        <button type="submit">Exempt</button>
        </form>
        </section>
        {{/canAdminister}}
        {{^canAdminister}}<p class="hint">Adding and removing exemptions needs a token with the admin scope.</p>{{/canAdminister}}
        {{/content}}{{/layout}}
        """
}
