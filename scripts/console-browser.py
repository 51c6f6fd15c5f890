#!/usr/bin/env python3
"""The console's browser tests, run by scripts/console-test: console-browser.py BASE TOKEN SHOTS SERVE-LOG OPERATOR."""
import json
import re
import sys
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

base, token, shots, serve_log, operator = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
passed, failed, saved = 0, 0, []


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}" + (f"\n     {str(detail)[:600]}" if detail else ""))


def wait(predicate, seconds=10.0):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            if predicate():
                return True
        except Exception:
            pass
        time.sleep(0.1)
    return False


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def http(path, data=None, headers=None, method=None):
    """Status and body of a request that follows no redirect."""
    request = urllib.request.Request(base + path, data=data, headers=headers or {}, method=method)
    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def served_required():
    """The required version served publicly for iOS."""
    status, body = http("/v1/apps/demo/policy?platform=ios")
    document = json.loads(body)
    platforms = document.get("platforms") or document.get("policy", {}).get("platforms", {})
    return platforms.get("ios", {}).get("required", {}).get("version")


def shot(name, element=None):
    path = f"{shots}/{name}.png"
    (element or driver).screenshot(path) if element else driver.save_screenshot(path)
    saved.append(path)


def mailed_code(email, seconds=15.0):
    """The newest code mailed to the address: serve's log mail transport prints each message."""
    found = []

    def newest():
        with open(serve_log, encoding="utf-8", errors="replace") as log:
            codes = re.findall(r"To: " + re.escape(email) + r"\nSubject: (\d+) is your", log.read())
        found[:] = codes[-1:]
        return bool(codes)

    wait(newest, seconds)
    return found[-1] if found else ""


def mail_count(email):
    with open(serve_log, encoding="utf-8", errors="replace") as log:
        return log.read().count("To: " + email + "\n")


def field(name):
    return driver.find_element(By.NAME, name)


def text_of(element_id, seconds=10.0):
    """The text of an element, waiting for a page that is still loading to show it."""
    found = []
    wait(lambda: found.append(driver.find_element(By.ID, element_id).text) is None, seconds)
    return found[-1] if found else ""


def submit(element):
    """Clicks a button that loads a new page, and waits until the old page is gone."""
    old = driver.find_element(By.TAG_NAME, "html")
    element.click()
    wait(lambda: old.id != driver.find_element(By.TAG_NAME, "html").id)
    wait(lambda: driver.execute_script("return document.readyState") == "complete")


def type_into(name, text):
    element = field(name)
    element.clear()
    if text:
        element.send_keys(text)


def active_today():
    status, body = http("/v1/admin/apps/demo/adoption?days=1", headers={"Authorization": f"Bearer {token}"})
    return json.loads(body)["windows"][0]["activeInstalls"] if status == 200 else -1


# serve --demo seeds installs first seen days ago and seen again today.
seeded = active_today()
check("serve --demo seeds installs seen before today", seeded > 0, seeded)

# Installs for the impact: 6 on 2.1.0, 4 on 2.4.1, as the SDK's LaunchGate-Client header reports them.
for index in range(10):
    version = "2.1.0" if index < 6 else "2.4.1"
    header = f'version="{version}", platform="ios", os="17.4.0", install="console-test-{index}"'
    http("/v1/apps/demo/installs/ping", data=b"", headers={"LaunchGate-Client": header})
counted = wait(lambda: active_today() == seeded + 10, 30)
check("the 10 new installs are counted with the seeded ones", counted, active_today())

options = webdriver.ChromeOptions()
for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1100", "--disable-gpu"]:
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
try:
    # Sign in.
    driver.get(base + "/console")
    check("the console sends a browser without a session to sign-in", driver.current_url.endswith("/console/sign-in"), driver.current_url)
    shot("sign-in")
    for width in (390, 1280):
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500})
        driver.get(base + "/console/sign-in")
        shot(f"{width}-sign-in")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    field("token").send_keys("lgt_wrong")
    submit(driver.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
    check("a wrong token is refused next to the field", "not valid" in text_of("token-error"))
    field("token").send_keys(token)
    submit(driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    check("signing in with the admin token opens the apps", driver.current_url.endswith("/console/apps") and "Demo App" in driver.page_source,
          driver.current_url)
    cookie = driver.get_cookie("lgc_session") or {}
    check("the session cookie is HttpOnly and SameSite=Strict", cookie.get("httpOnly") is True and cookie.get("sameSite") == "Strict", cookie)
    shot("apps")

    # Edit: clear the required version, then set it, and watch the previews follow.
    driver.get(base + "/console/apps/demo/policy")
    summary = lambda: driver.find_element(By.ID, "impact-summary").text
    required_preview = lambda: driver.find_element(By.ID, "preview-ios-en-required").text
    check("the editor shows the current policy's required screen", "Update required" in required_preview(), required_preview())
    shot("editor")
    type_into("ios.required", "")
    type_into("ios.requiredBuild", "")
    check("without a required version the required preview says the draft doesn't show it",
          wait(lambda: "doesn't show it" in required_preview()), required_preview())
    type_into("ios.required", "2.3.0")
    # All 10 were first seen today: counted apart, and measured by the guard as the only installs known.
    check("the impact follows the typed required version",
          wait(lambda: "Plus 10 installs first seen today (6 of them blocked)" in summary()), summary())
    check("the required screen is back in the SDK's words", wait(lambda: "Update required" in required_preview()), required_preview())
    check("the publish guard asks for confirmation", wait(lambda: driver.find_element(By.ID, "confirm").is_displayed()))
    diff = driver.find_element(By.CSS_SELECTOR, ".publish pre.diff").text
    check("the diff shows the required version's change", '"2.0.0"' in diff and '"2.3.0"' in diff, diff)
    for figure in driver.find_elements(By.CSS_SELECTOR, "#preview figure.phone-frame"):
        driver.execute_script("arguments[0].scrollIntoView()", figure)
        shot("preview-" + figure.get_attribute("id").removeprefix("preview-"), figure)
    shot("editor-with-draft")

    # Validation: a required version above the latest is refused next to the field, in the core's words.
    type_into("ios.required", "9.0.0")
    submit(driver.find_element(By.ID, "preview-button"))
    error = text_of("f-ios-required-error")
    check("an invalid required version is explained next to its field", "above the latest 2.4.1" in error, error)
    shot("editor-invalid")
    type_into("ios.required", "2.3.0")
    type_into("ios.rollout", "150")
    submit(driver.find_element(By.ID, "preview-button"))
    error = text_of("f-ios-rollout-error")
    check("a rollout over 100 % is refused next to its field, by the core's rule", "0 to 100" in error, error)
    check("the impact pane links the field to fix", "iOS: Rollout percentage" in text_of("invalid-fields"), text_of("invalid-fields"))
    driver.find_element(By.LINK_TEXT, "iOS: Rollout percentage").click()
    shot("editor-invalid-rollout")
    type_into("ios.rollout", "")

    # Publish with markup in the notes: refused by the guard first, then confirmed.
    payload = '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">'
    type_into("ios.required", "2.3.0")
    type_into("ios.notes", "Sync fixes. " + payload)
    type_into("note", "console test " + payload)
    wait(lambda: "2.3.0 blocks" in summary())
    submit(driver.find_element(By.ID, "publish-button"))
    check("publishing past the guard unconfirmed is refused with the reason", "Not published" in text_of("guard-error"))
    check("release notes with markup render as text in the preview",
          wait(lambda: payload in driver.find_element(By.ID, "preview-ios-en-dialog").text), driver.find_element(By.ID, "preview-ios-en-dialog").text)
    shot("guard")
    driver.find_element(By.ID, "confirm").click()
    submit(driver.find_element(By.ID, "publish-button"))
    check("a confirmed publish lands on the history", "Published revision 2" in text_of("notice"),
          driver.current_url)
    check("the note with markup renders as text in the history", payload in driver.find_element(By.ID, "revision-2").text)
    check("no script from the notes ran", driver.execute_script("return window.__xss") is None)
    check("the new revision is served at /v1/apps/demo/policy", wait(lambda: served_required() == "2.3.0"), served_required())
    shot("history")

    # Roll back.
    submit(driver.find_element(By.ID, "rollback-1"))
    check("rolling back lands on the history", "Rolled back" in text_of("notice"))
    check("the rolled-back policy is served", wait(lambda: served_required() == "2.0.0"), served_required())
    shot("history-rolled-back")

    # Adoption, and the dark scheme.
    driver.get(base + "/console/apps/demo/adoption?days=1")
    check("the adoption chart draws a bar per version", len(driver.find_elements(By.CSS_SELECTOR, "svg rect.chart-bar")) >= 2)
    check("the adoption page says how many installs are active", f"{seeded + 10} active installs" in driver.find_element(By.ID, "active").text,
          driver.find_element(By.ID, "active").text)
    check("the versions-over-time chart draws today's column", len(driver.find_elements(By.CSS_SELECTOR, "svg rect.series-0")) >= 1)
    check("the adoption window is named as today's UTC calendar day",
          "today, UTC calendar day" in driver.find_element(By.ID, "active").text, driver.find_element(By.ID, "active").text)
    axis = driver.find_element(By.CSS_SELECTOR, "svg.timeline line.chart-axis-line")
    today_column = driver.find_elements(By.CSS_SELECTOR, "svg.timeline rect.series-0")[-1]
    column_end = int(today_column.get_attribute("x")) + int(today_column.get_attribute("width"))
    check("today's column ends where the time axis ends", column_end == int(axis.get_attribute("x2")), (column_end, axis.get_attribute("x2")))
    chart_box = driver.execute_script("return arguments[0].getBoundingClientRect().width", driver.find_element(By.CSS_SELECTOR, "svg.timeline"))
    card_box = driver.execute_script("return arguments[0].getBoundingClientRect().width", driver.find_element(By.CSS_SELECTOR, "svg.timeline").find_element(By.XPATH, ".."))
    check("the time chart spans its card", chart_box > 0.9 * card_box - 40, (chart_box, card_box))
    shot("adoption")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.get(base + "/console/apps/demo/policy")
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    check("the console follows a dark system scheme", background == "rgb(17, 19, 24)", background)
    shot("editor-dark")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    # A post without the form's CSRF token is refused, even with the session cookie.
    cookie_header = f"lgc_session={driver.get_cookie('lgc_session')['value']}"
    form = b"platform=ios&ios.latestVersion=2.4.1&ios.required=2.4.1"
    status, body = http("/console/apps/demo/policy/publish", data=form,
                        headers={"Cookie": cookie_header, "Content-Type": "application/x-www-form-urlencoded"})
    check("a publish without the CSRF token is refused with 403", status == 403, (status, body[:200]))
    check("and nothing was published", served_required() == "2.0.0", served_required())

    violations = [entry for entry in driver.get_log("browser") if "Content Security Policy" in entry.get("message", "")]
    check("no page broke the Content-Security-Policy", not violations, violations)
    # The policy itself, as the browser applies it: a script added to the page inline doesn't run.
    driver.get(base + "/console/apps/demo/history")
    ran = driver.execute_script("var s = document.createElement('script'); s.textContent = 'window.__inline = 1';"
                                "document.body.appendChild(s); return window.__inline === 1")
    check("the browser refuses inline script on console pages (Content-Security-Policy)", ran is False, ran)
    driver.get_log("browser")

    # Exemptions: an admin exempts an install; only its hash is listed; then removes it.
    driver.get(base + "/console/apps/demo/exemptions")
    field("value").send_keys("app-review-install")
    field("note").send_keys("App Review")
    submit(driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    listed = driver.find_element(By.TAG_NAME, "tbody").text
    check("an exempted install is listed by its hash, never its ID", "Exempted the install" in text_of("notice")
          and "App Review" in listed and "app-review-install" not in listed, listed)
    shot("exemptions")
    submit(driver.find_element(By.CSS_SELECTOR, "tbody form button"))
    check("removing the exemption empties the list", "Removed the exemption" in text_of("notice") and "No exemptions." in driver.page_source)

    # Locales: a beta policy with French and Arabic texts (published through the admin API) is
    # previewed in each, Arabic right to left, with the SDK's own strings where the policy has none.
    status, body = http("/v1/admin/apps/demo/policy", headers={"Authorization": f"Bearer {token}"})
    document = json.loads(body)
    document["platforms"] = {"ios": document["platforms"]["ios"]}
    document["platforms"]["ios"]["texts"] = {
        "fr": {"updateRequired": {"title": "Mise à jour obligatoire"}},
        "ar": {"updateAvailable": {"message": "يتوفر إصدار جديد."}},
    }
    status, body = http("/v1/admin/apps/demo/policy?channel=beta", data=json.dumps(document).encode(),
                        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"}, method="PUT")
    check("a beta policy with French and Arabic texts is published", status == 201, (status, body[:300]))
    driver.get(base + "/console/apps/demo/policy?channel=beta")
    french = text_of("preview-ios-fr-required")
    check("the French required screen has the policy's title", "Mise à jour obligatoire" in french, french)
    check("the French dialog uses the SDK's French strings", "Pas maintenant" in text_of("preview-ios-fr-dialog"), text_of("preview-ios-fr-dialog"))
    notes = driver.find_element(By.CSS_SELECTOR, "#preview-ios-ar-dialog .screen-notes")
    check("English release notes keep their direction in an Arabic preview (dir=auto)",
          driver.execute_script("return getComputedStyle(arguments[0]).direction", notes) == "ltr", notes.text)
    arabic = driver.find_element(By.ID, "preview-ios-ar-banner")
    check("the Arabic previews are right to left", driver.execute_script("return getComputedStyle(arguments[0]).direction", arabic) == "rtl")
    for figure in driver.find_elements(By.CSS_SELECTOR, "#preview figure.phone-frame"):
        locale = figure.get_attribute("id").split("-")[2]
        if locale != "en":
            driver.execute_script("arguments[0].scrollIntoView()", figure)
            shot("preview-" + figure.get_attribute("id").removeprefix("preview-"), figure)

    # The JSON editor: a German text added to the whole document shows in the German preview.
    driver.get(base + "/console/apps/demo/policy")
    driver.find_element(By.CSS_SELECTOR, "#advanced summary").click()
    driver.find_element(By.ID, "use-document").click()
    editor = driver.find_element(By.ID, "document")
    document = json.loads(editor.get_attribute("value"))
    document["platforms"]["ios"].setdefault("texts", {})["de"] = {"updateRequired": {"title": "Bitte jetzt aktualisieren"}}
    set_value = "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}))"
    driver.execute_script(set_value, editor, json.dumps(document, indent=2))
    german = lambda: driver.find_element(By.ID, "preview-ios-de-required").text
    check("a localized text edited in the JSON editor shows in its preview", wait(lambda: "Bitte jetzt aktualisieren" in german()),
          driver.find_element(By.ID, "preview").text[:300])
    driver.execute_script("arguments[0].scrollIntoView()", editor)
    shot("editor-json")
    document["platforms"]["ios"]["rollout"] = {"percentage": 150}
    driver.execute_script(set_value, editor, json.dumps(document, indent=2))
    problems = lambda: driver.find_element(By.ID, "impact-document-errors").text
    check("JSON that breaks a rule shows the core's issue with its path", wait(lambda: "platforms.ios.rollout.percentage" in problems()),
          driver.find_element(By.ID, "preview").text[:300])
    submit(driver.find_element(By.ID, "preview-button"))
    check("without JavaScript's help the issue is shown next to the JSON editor", "platforms.ios.rollout.percentage" in text_of("document-error"))
    shot("editor-json-invalid")

    # Users and sessions: a user of the demo app signs in through the app API.
    http("/v1/apps/demo/auth/send-code", data=json.dumps({"email": "ada@example.com"}).encode(), headers={"Content-Type": "application/json"})
    code = mailed_code("ada@example.com")
    status, body = http("/v1/apps/demo/auth/verify-code",
                        data=json.dumps({"email": "ada@example.com", "code": code, "device_id": "console-test-phone"}).encode(),
                        headers={"Content-Type": "application/json"})
    check("a demo user signs in with the mailed code", status == 200, (status, body[:200]))
    driver.get(base + "/console/apps")
    submit(driver.find_element(By.LINK_TEXT, "Users"))
    check("the apps page links the demo app's users", driver.current_url.endswith("/console/apps/demo/users"), driver.current_url)
    check("the users page lists the signed-in user", "ada@example.com" in driver.find_element(By.TAG_NAME, "tbody").text)
    shot("users")
    submit(driver.find_element(By.LINK_TEXT, "ada@example.com"))
    user_page = driver.current_url.removeprefix(base)
    check("a user's page lists the session with its device", "console-test-phone" in driver.find_element(By.TAG_NAME, "tbody").text)
    shot("user-sessions")
    submit(driver.find_element(By.CSS_SELECTOR, "tbody form button"))
    check("revoking the session says so", "Revoked 1 session." in text_of("notice"))
    check("and the session shows as revoked", "revoked" in driver.find_element(By.TAG_NAME, "tbody").text)

    # Mail status: the codes mailed so far, per state.
    submit(driver.find_element(By.LINK_TEXT, "Mail"))
    check("the mail page counts the sent codes", wait(lambda: int(text_of("count-sent")) >= 1), text_of("count-sent"))
    shot("mail")

    # Tokens: create one (its secret shown once), then revoke it.
    submit(driver.find_element(By.LINK_TEXT, "Tokens"))
    check("the tokens page says when the admin token was last used",
          any(cell.text.endswith(" UTC") for cell in driver.find_elements(By.CSS_SELECTOR, "td.last-used")),
          [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, "td.last-used")])
    type_into("name", "invoice\u202egpj.exe")
    submit(driver.find_element(By.CSS_SELECTOR, "main section form button[type=submit]"))
    error = text_of("token-name-error")
    check("a token name with a text-direction override is refused next to its field, in the form's words",
          "on one line" in error and "request body" not in driver.page_source, error)
    shot("tokens-name-refused")
    type_into("name", "console test <b>bot</b>")
    submit(driver.find_element(By.CSS_SELECTOR, "main section form button[type=submit]"))
    secret = text_of("new-token")
    check("a created token's secret is shown once", re.fullmatch(r"lgt_[0-9a-f]{12}_[0-9a-f]{64}", secret) is not None, secret)
    check("the token's name with markup renders as text", "console test <b>bot</b>" in driver.find_element(By.TAG_NAME, "tbody").text)
    status, _ = http("/v1/admin/apps", headers={"Authorization": f"Bearer {secret}"})
    check("the new token works on the admin API", status == 200, status)
    shot("tokens-created")
    token_id = secret.split("_")[1]
    submit(driver.find_element(By.CSS_SELECTOR, f"button[aria-label^='Revoke token {token_id}']"))
    check("revoking the token says so", "Revoked token" in text_of("notice"))
    status, _ = http("/v1/admin/apps", headers={"Authorization": f"Bearer {secret}"})
    check("the revoked token is refused", status == 401, status)
    shot("tokens")

    # Operators: the one the CLI added is listed.
    submit(driver.find_element(By.LINK_TEXT, "Operators"))
    check("the operators page lists the operator the CLI added", operator in driver.find_element(By.TAG_NAME, "tbody").text)
    shot("operators")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.get(base + "/console/mail")
    shot("mail-dark")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    # Every page on a phone (390 px) and a laptop (1280 px): a screenshot each, and how wide the
    # page is against its viewport (wider means a sideways scroll).
    pages = {
        "apps": "/console/apps", "app": "/console/apps/demo", "editor": "/console/apps/demo/policy",
        "history": "/console/apps/demo/history", "revision": "/console/apps/demo/history/2",
        "adoption": "/console/apps/demo/adoption", "exemptions": "/console/apps/demo/exemptions",
        "users": "/console/apps/demo/users", "user": user_page, "mail": "/console/mail", "tokens": "/console/tokens",
        "operators": "/console/operators", "unknown-app": "/console/apps/nope",
    }
    widths = []
    for width in (390, 1280):
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500})
        for name, path in pages.items():
            driver.get(base + path)
            wide = driver.execute_script("return document.documentElement.scrollWidth")
            widths.append((width, name, wide))
            shot(f"{width}-{name}")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.get(base + "/console/operators")
    print("Page widths (px; more than the viewport scrolls sideways):")
    for width, name, wide in widths:
        print(f"  {width:>4}  {name:<12} {wide}{'  wider than the viewport' if wide > width else ''}")

    # Sign in by emailed code: a stranger gets the same page and no mail; the operator gets a code.
    submit(driver.find_element(By.CSS_SELECTOR, "form.sign-out button"))
    check("signing out returns to sign-in", driver.current_url.endswith("/console/sign-in"), driver.current_url)
    field("email").send_keys("stranger@example.com")
    submit(driver.find_element(By.CSS_SELECTOR, "form[action='/console/sign-in/email'] button"))
    stranger_page = text_of("code-sent")
    driver.get(base + "/console/sign-in")
    field("email").send_keys(operator)
    submit(driver.find_element(By.CSS_SELECTOR, "form[action='/console/sign-in/email'] button"))
    operator_page = text_of("code-sent")
    check("a stranger and an operator get the same answer",
          stranger_page.replace("stranger@example.com", "X") == operator_page.replace(operator, "X") and "If" in operator_page,
          (stranger_page, operator_page))
    shot("sign-in-code")
    code = mailed_code(operator)
    check("the operator's code was mailed, and nothing to the stranger", len(code) == 6 and mail_count("stranger@example.com") == 0, code)
    wrong = "0" * 6 if code != "0" * 6 else "1" * 6
    field("code").send_keys(wrong)
    submit(driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    check("a wrong code is refused next to the field", "not right" in text_of("code-error"))
    shot("sign-in-code-wrong")
    field("code").send_keys(code)
    submit(driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    check("the right code signs the operator in", driver.current_url.endswith("/console/apps")
          and f"{operator} · publish" in driver.find_element(By.CSS_SELECTOR, ".who").text, driver.current_url)
    check("a publish operator sees no admin links", not driver.find_elements(By.LINK_TEXT, "Tokens"))
    shot("apps-operator")
    driver.get(base + "/console/tokens")
    check("a publish operator is refused the tokens page", "Can't do that" in driver.find_element(By.TAG_NAME, "h1").text)

    # Keyboard: Tab from the top reaches the skip link first, with a visible outline.
    driver.get(base + "/console/apps")
    driver.find_element(By.TAG_NAME, "body").send_keys("\t")
    focused = driver.switch_to.active_element
    outline = driver.execute_script("return getComputedStyle(arguments[0]).outlineStyle", focused)
    check("the first Tab focuses the skip link with a visible outline", focused.text == "Skip to content" and outline != "none",
          (focused.text, outline))
finally:
    driver.quit()

print("\nScreenshots:")
for path in saved:
    print("  " + path)
print(f"\nconsole-test: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
