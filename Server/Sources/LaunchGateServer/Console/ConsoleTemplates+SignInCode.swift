extension ConsoleTemplates {
    /// The sign-in page's second way in, for operators an admin added: an address, then a code.
    static let signInEmail = """
        <section class="card narrow" aria-labelledby="email-heading">
        <h2 id="email-heading">Sign in with email</h2>
        <form method="post" action="/console/sign-in/email">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <div class="field{{#emailError}} invalid{{/emailError}}">
        <label for="email">Email address</label>
        <input id="email" name="email" type="text" inputmode="email" autocomplete="email" spellcheck="false" value="{{email}}" required aria-describedby="email-hint{{#emailError}} email-error{{/emailError}}"{{#emailError}} aria-invalid="true"{{/emailError}}>
        <p class="hint" id="email-hint">For operators an admin added with <code>launchgate operators add</code>. We mail a one-time code.</p>
        {{#emailError}}<p class="error" id="email-error" role="alert">{{emailError}}</p>{{/emailError}}
        </div>
        <button type="submit" class="secondary">Email me a code</button>
        </form>
        </section>
        """

    /// The code form: the same page for every address, so it says nothing about who is an operator.
    static let signInCode = """
        {{<layout}}{{$content}}
        <section class="card narrow">
        <h1>Enter your code</h1>
        <p id="code-sent" role="status">If <strong>{{email}}</strong> belongs to a console operator, a {{codeLength}}-digit code is on its way. It works for {{minutes}} minutes.</p>
        <form method="post" action="/console/sign-in/code">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <input type="hidden" name="email" value="{{email}}">
        <div class="field{{#error}} invalid{{/error}}">
        <label for="code">Code</label>
        <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]*" maxlength="{{codeLength}}" required autofocus aria-describedby="code-hint{{#error}} code-error{{/error}}"{{#error}} aria-invalid="true"{{/error}}>
        <p class="hint" id="code-hint">The digits from the newest mail; an older code stops working when a new one is sent.</p>
        {{#error}}<p class="error" id="code-error" role="alert">{{error}}</p>{{/error}}
        </div>
        <button type="submit">Sign in</button>
        </form>
        <p><a href="/console/sign-in">Use another address or an admin token</a></p>
        </section>
        {{/content}}{{/layout}}
        """

    /// The account pages' templates, for ``all``.
    static var accountTemplates: [(String, String)] {
        [("sign-in-email", signInEmail), ("sign-in-code", signInCode), ("users", users), ("user", user), ("mail", mail),
         ("tokens", tokens), ("operators", operators)]
    }
}
