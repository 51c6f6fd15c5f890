extension ConsoleTemplates {
    /// The policy editor: one fieldset per platform, problems next to their field, and the
    /// previews beside it (swapped in place by console.js while typing).
    static let editor = """
        {{<layout}}{{$content}}
        <h1>Policy · {{appName}} <span class="muted">{{channel}}</span></h1>
        <p class="actions">{{#revision}}Editing over revision {{revision}}. {{/revision}}<a href="/console/apps/{{app}}/history?channel={{channel}}">History</a> <a href="/console/apps/{{app}}">Back to {{appName}}</a></p>
        {{#errors}}<p class="error" role="alert">{{.}}</p>{{/errors}}
        <form method="post" action="/console/apps/{{app}}/policy/preview?channel={{channel}}" id="editor" data-preview="/console/apps/{{app}}/policy/preview-fragment?channel={{channel}}" novalidate>
        <input type="hidden" name="csrf" value="{{csrf}}">
        <input type="hidden" name="base" value="{{#revision}}{{revision}}{{/revision}}{{^revision}}none{{/revision}}">
        <div class="editor">
        <div class="fields">
        {{#fieldsets}}
        <fieldset>
        <legend>{{name}}</legend>
        <input type="hidden" name="platform" value="{{platform}}">
        {{#errors}}<p class="error">{{.}}</p>{{/errors}}
        {{#fields}}
        <div class="field{{#error}} invalid{{/error}}{{#checkbox}} check{{/checkbox}}">
        {{#checkbox}}<input type="checkbox" id="{{id}}" name="{{name}}" value="on"{{#checked}} checked{{/checked}} aria-describedby="{{id}}-hint{{#error}} {{errorID}}{{/error}}"> <label for="{{id}}">{{label}}</label>{{/checkbox}}
        {{^checkbox}}<label for="{{id}}">{{label}}</label>
        {{#multiline}}<textarea id="{{id}}" name="{{name}}" rows="3" aria-describedby="{{id}}-hint{{#error}} {{errorID}}{{/error}}"{{#error}} aria-invalid="true"{{/error}}>{{value}}</textarea>{{/multiline}}
        {{^multiline}}<input type="text" id="{{id}}" name="{{name}}" value="{{value}}" autocomplete="off" aria-describedby="{{id}}-hint{{#error}} {{errorID}}{{/error}}"{{#error}} aria-invalid="true"{{/error}}>{{/multiline}}
        {{/checkbox}}
        <p class="hint" id="{{id}}-hint">{{hint}}</p>
        {{#error}}<p class="error field-error" id="{{errorID}}">{{error}}</p>{{/error}}
        </div>
        {{/fields}}
        </fieldset>
        {{/fieldsets}}
        <details class="advanced" id="advanced"{{#usesDocument}} open{{/usesDocument}}>
        <summary>Advanced: edit as JSON</summary>
        <div class="field check"><input type="checkbox" id="use-document" name="useDocument" value="on"{{#usesDocument}} checked{{/usesDocument}} aria-describedby="use-document-hint"> <label for="use-document">Use this JSON instead of the fields</label>
        <p class="hint" id="use-document-hint">The whole policy document: texts per locale, rollout, intervals, everything, checked by the same rules as the fields. While this is ticked, the impact and the screens follow the JSON; otherwise the JSON is rewritten from the fields at each preview.</p></div>
        <div class="field{{#hasDocumentErrors}} invalid{{/hasDocumentErrors}}">
        <label for="document">Policy document (JSON)</label>
        <textarea id="document" name="document" rows="18" spellcheck="false" autocomplete="off" class="code" aria-describedby="document-hint{{#hasDocumentErrors}} document-error{{/hasDocumentErrors}}"{{#hasDocumentErrors}} aria-invalid="true"{{/hasDocumentErrors}}>{{document}}</textarea>
        <p class="hint" id="document-hint">issuedAt is left out: publishing sets it.</p>
        {{#hasDocumentErrors}}<ul class="error field-error" id="document-error">{{#documentErrors}}<li>{{.}}</li>{{/documentErrors}}</ul>{{/hasDocumentErrors}}
        </div>
        </details>
        <div class="field{{#noteError}} invalid{{/noteError}}">
        <label for="note">Note for the history</label>
        <input type="text" id="note" name="note" value="{{note}}" aria-describedby="note-hint{{#noteError}} note-error{{/noteError}}"{{#noteError}} aria-invalid="true"{{/noteError}}>
        <p class="hint" id="note-hint">Optional; shown in the history with the revision. At most {{noteLimit}} bytes of UTF-8, which is fewer characters in most scripts.</p>
        {{#noteError}}<p class="error field-error" id="note-error">{{noteError}}</p>{{/noteError}}
        </div>
        <p class="buttons"><button type="submit" id="preview-button">Preview</button></p>
        </div>
        <div id="preview" class="preview-pane" aria-live="polite">
        {{> previews}}
        </div>
        </div>
        </form>
        {{/content}}{{/layout}}
        """

    /// The impact, the publish controls with the diff, and every screen: what console.js swaps.
    static let previews = """
        <section class="impact card" aria-labelledby="impact-heading">
        <h2 id="impact-heading">Impact</h2>
        {{#invalid}}<p class="error" id="impact-summary">{{#usesDocument}}Fix the JSON document to see the impact and the screens.{{/usesDocument}}{{^usesDocument}}Fix the fields marked in the form to see the impact and the screens.{{/usesDocument}}</p>
        {{^usesDocument}}<ul class="invalid-fields" id="invalid-fields">{{#invalidFields}}<li><a href="#{{id}}">{{label}}</a></li>{{/invalidFields}}</ul>{{/usesDocument}}
        {{#hasDocumentErrors}}<ul class="error" id="impact-document-errors">{{#documentErrors}}<li>{{.}}</li>{{/documentErrors}}</ul>{{/hasDocumentErrors}}{{/invalid}}
        {{#impact}}
        <p id="impact-summary"{{#guard}} class="warn"{{/guard}}>{{summary}}</p>
        <dl class="counts">
        <div><dt>Blocked</dt><dd id="impact-blocked">{{blocked}} ({{blockedShare}})</dd></div>
        <div><dt>Newly blocked</dt><dd id="impact-newly-blocked">{{newlyBlocked}} ({{newlyBlockedShare}})</dd></div>
        <div><dt>Active installs, {{activeDays}} days</dt><dd>{{activeInstalls}}</dd></div>
        </dl>
        {{/impact}}
        </section>
        {{#impact}}
        <section class="publish card" aria-labelledby="publish-heading">
        <h2 id="publish-heading">Publish</h2>
        {{#changed}}<details open><summary>Changes against {{#revision}}revision {{revision}}{{/revision}}{{^revision}}nothing published{{/revision}}</summary>{{#diff}}{{> diff}}{{/diff}}</details>{{/changed}}
        {{^changed}}<p>No changes against revision {{revision}}.</p>{{/changed}}
        {{#staleError}}<p class="error" role="alert" id="stale-error">{{staleError}}</p>{{/staleError}}
        {{#guardError}}<p class="error" role="alert" id="guard-error">{{guardError}}</p>{{/guardError}}
        {{#guard}}<div class="field check"><input type="checkbox" id="confirm" name="confirm" value="on" aria-describedby="confirm-hint"> <label for="confirm">Publish although it {{guardReason}}</label>
        <p class="hint" id="confirm-hint">More than the {{guardLimit}} a change may block unconfirmed.</p></div>{{/guard}}
        {{#changed}}{{#canPublish}}<button type="submit" id="publish-button" formaction="/console/apps/{{app}}/policy/publish?channel={{channel}}">Publish to {{channel}}</button>{{/canPublish}}{{/changed}}
        {{#changed}}{{^canPublish}}<p class="hint">Your token's scope is {{scope}}: it can preview, but publishing needs publish.</p>{{/canPublish}}{{/changed}}
        </section>
        <section class="screens" aria-labelledby="screens-heading">
        <h2 id="screens-heading">Screens</h2>
        {{#omittedNotice}}<p class="hint" id="previews-omitted">{{omittedNotice}}</p>{{/omittedNotice}}
        {{#groups}}
        <h3>{{platform}} · <span lang="{{locale}}">{{locale}}</span></h3>
        <div class="phones" lang="{{locale}}"{{#rightToLeft}} dir="rtl"{{/rightToLeft}}>
        {{#screens}}
        <figure class="phone-frame" id="preview-{{platformID}}-{{locale}}-{{id}}" data-screen="{{id}}">
        <figcaption lang="en" dir="ltr">{{label}}</figcaption>
        <div class="phone {{style}}">
        {{#absent}}<p class="absent">{{absent}}</p>{{/absent}}
        {{^absent}}<div class="screen">
        <p class="screen-title">{{title}}</p>
        <p class="screen-message">{{message}}</p>
        {{#releaseNotes}}<p class="screen-notes" dir="auto">{{releaseNotes}}</p>{{/releaseNotes}}
        {{#field}}<span class="screen-field">{{field}}</span>{{/field}}
        {{#actions}}<span class="screen-button">{{.}}</span>{{/actions}}
        </div>{{/absent}}
        </div>
        </figure>
        {{/screens}}
        </div>
        {{/groups}}
        </section>
        {{/impact}}
        """

    /// A horizontal bar chart in SVG, drawn on the server; the numbers are in the text too.
    static let chart = """
        <figure class="chart card">
        <figcaption id="chart-{{id}}">{{caption}}</figcaption>
        {{^bars}}<p>No installs seen in this window.</p>{{/bars}}
        {{#hasBars}}
        <svg viewBox="0 0 640 {{height}}" width="100%" role="img" aria-labelledby="chart-{{id}}">
        {{#bars}}<text x="0" y="{{textY}}" class="chart-label">{{label}}</text><rect x="170" y="{{y}}" width="{{width}}" height="22" rx="3" class="chart-bar"></rect><text x="{{valueX}}" y="{{textY}}" class="chart-value">{{percent}} · {{installs}}</text>
        {{/bars}}
        </svg>
        {{/hasBars}}
        </figure>
        """
}
