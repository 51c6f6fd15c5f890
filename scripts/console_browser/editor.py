"""Signing in with the admin token, then the policy editor: previews that follow the typing,
fields marked as they are typed, validation in the core's words, the guard, publishing and
rolling back, the blank editor of a new app, and the previews when the session ends."""
import json

from selenium.webdriver.common.by import By

from .support import sign_in_with_token


def sign_in(run):
    driver = run.driver
    driver.get(run.base + "/console")
    run.check("the console sends a browser without a session to sign-in", driver.current_url.endswith("/console/sign-in"), driver.current_url)
    run.shot("sign-in")
    run.field("token").send_keys("lgt_wrong")
    run.submit(driver.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
    run.check("a wrong token is refused next to the field", "not valid" in run.text_of("token-error"))
    run.check("signing in with the admin token opens the apps", sign_in_with_token(driver, run.base, run.token) and "Demo App" in driver.page_source,
              driver.current_url)
    cookie = driver.get_cookie("lgc_session") or {}
    run.check("the session cookie is HttpOnly and SameSite=Strict", cookie.get("httpOnly") is True and cookie.get("sameSite") == "Strict", cookie)
    run.shot("apps")


def edit_and_publish(run):
    driver = run.driver
    # Edit: clear the required version, then set it, and watch the previews follow.
    driver.get(run.base + "/console/apps/demo/policy")
    summary = lambda: driver.find_element(By.ID, "impact-summary").text
    required_preview = lambda: driver.find_element(By.ID, "preview-ios-en-required").text
    run.check("the editor shows the current policy's required screen", "Update required" in required_preview(), required_preview())
    run.shot("editor")
    run.type_into("ios.required", "")
    run.type_into("ios.requiredBuild", "")
    run.check("without a required version the required preview says the draft doesn't show it",
              run.wait(lambda: "doesn't show it" in required_preview()), required_preview())
    run.type_into("ios.required", "2.3.0")
    # The demo's 240 installs seen before today on two platforms, and the 10 new ones counted apart.
    run.check("the impact follows the typed required version, in iOS's own figures",
              run.wait(lambda: summary() == "Raising required on iOS to 2.3.0 blocks 42 of 160 iOS installs (26.3 %), 14 of them not blocked now."),
              summary())
    caveats = run.text_of("impact-caveats").splitlines()
    run.check("each other platform and caveat follows in a sentence of its own, with its own figures",
              "Android's unchanged rules block 14 of 80 Android installs (17.5 %)." in caveats
              and any(line.startswith("10 more iOS installs were first seen today (6 of them blocked)") for line in caveats), caveats)
    run.check("the table gives the sentence's figures, per platform",
              (run.text_of("impact-ios-blocked"), run.text_of("impact-android-blocked")) == ("42 (26.3 %)", "14 (17.5 %)"),
              (run.text_of("impact-ios-blocked"), run.text_of("impact-android-blocked")))
    run.check("the required screen is back in the SDK's words", run.wait(lambda: "Update required" in required_preview()), required_preview())
    run.check("the publish guard asks for confirmation", run.wait(lambda: driver.find_element(By.ID, "confirm").is_displayed()))
    diff = driver.find_element(By.CSS_SELECTOR, ".publish pre.diff").text
    run.check("the diff shows the required version's change", '"2.0.0"' in diff and '"2.3.0"' in diff, diff)
    for figure in driver.find_elements(By.CSS_SELECTOR, "#preview figure.phone-frame"):
        driver.execute_script("arguments[0].scrollIntoView()", figure)
        run.shot("preview-" + figure.get_attribute("id").removeprefix("preview-"), figure)
    run.shot("editor-with-draft")

    # Typing marks the field at once, before any Preview: aria-invalid and its message, then clears them.
    required = driver.find_element(By.ID, "f-ios-required")
    run.type_into("ios.required", "two")
    marked = run.wait(lambda: required.get_attribute("aria-invalid") == "true" and driver.find_element(By.ID, "f-ios-required-error").is_displayed())
    run.check("typing an invalid required version marks the field as it is typed (aria-invalid and the message)", marked,
              (required.get_attribute("aria-invalid"), run.text_of("f-ios-required-error", 1)))
    run.check("the message next to the field is the core's", "two" in run.text_of("f-ios-required-error"), run.text_of("f-ios-required-error"))
    run.shot("editor-typing-invalid")
    run.type_into("ios.required", "2.3.0")
    run.check("fixing it clears the mark", run.wait(lambda: required.get_attribute("aria-invalid") is None
                                                    and not driver.find_element(By.ID, "f-ios-required-error").is_displayed()),
              required.get_attribute("aria-invalid"))

    # Validation without the script's help: a required version above the latest, next to the field.
    run.type_into("ios.required", "9.0.0")
    run.submit(driver.find_element(By.ID, "preview-button"))
    error = run.text_of("f-ios-required-error")
    run.check("an invalid required version is explained next to its field", "above the latest 2.4.1" in error, error)
    run.shot("editor-invalid")
    run.type_into("ios.required", "2.3.0")
    run.type_into("ios.rollout", "150")
    run.submit(driver.find_element(By.ID, "preview-button"))
    error = run.text_of("f-ios-rollout-error")
    run.check("a rollout over 100 % is refused next to its field, by the core's rule", "0 to 100" in error, error)
    run.check("the impact pane links the field to fix", "iOS: Rollout percentage" in run.text_of("invalid-fields"), run.text_of("invalid-fields"))
    driver.find_element(By.LINK_TEXT, "iOS: Rollout percentage").click()
    run.shot("editor-invalid-rollout")
    run.type_into("ios.rollout", "")

    # Publish with markup in the notes: refused by the guard first, then confirmed.
    payload = '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">'
    run.type_into("ios.required", "2.3.0")
    run.type_into("ios.notes", "Sync fixes. " + payload)
    run.type_into("note", "console test " + payload)
    run.wait(lambda: "2.3.0 blocks" in summary())
    run.submit(driver.find_element(By.ID, "publish-button"))
    refusal = run.text_of("guard-error")
    run.check("publishing past the guard unconfirmed is refused in the form's words, in at most 200 characters",
              refusal.startswith("Not published") and "Tick 'Publish although…'" in refusal and "confirm\"" not in refusal and len(refusal) <= 200,
              refusal)
    # textContent, not the visible text: the details sheet stops at its medium detent, as on a
    # phone, so the notes may be below its fold.
    run.check("release notes with markup render as text in the preview",
              run.wait(lambda: payload in driver.find_element(By.ID, "preview-ios-en-dialog").get_attribute("textContent")),
              driver.find_element(By.ID, "preview-ios-en-dialog").get_attribute("textContent"))
    run.shot("guard")
    driver.find_element(By.ID, "confirm").click()
    run.submit(driver.find_element(By.ID, "publish-button"))
    run.check("a confirmed publish lands on the history", "Published revision 2" in run.text_of("notice"), driver.current_url)
    run.check("the note with markup renders as text in the history", payload in driver.find_element(By.ID, "revision-2").text)
    run.check("no script from the notes ran", driver.execute_script("return window.__xss") is None)
    run.check("the new revision is served at /v1/apps/demo/policy", run.wait(lambda: run.served_required() == "2.3.0"), run.served_required())
    run.shot("history")

    # Roll back.
    run.submit(driver.find_element(By.ID, "rollback-1"))
    run.check("rolling back lands on the history", "Rolled back" in run.text_of("notice"))
    run.check("the rolled-back policy is served", run.wait(lambda: run.served_required() == "2.0.0"), run.served_required())
    run.shot("history-rolled-back")


def blank_editor(run):
    """A channel with nothing published opens on a hint, with nothing marked."""
    driver = run.driver
    driver.get(run.base + "/console/apps/demo/policy?channel=beta")
    summary = driver.find_element(By.ID, "impact-summary")
    run.check("the beta channel's editor opens on a hint to fill in the form, not an error",
              "Nothing is published on beta yet" in summary.text and "error" not in (summary.get_attribute("class") or ""), summary.text)
    run.check("and nothing in the blank form is marked invalid", not driver.find_elements(By.CSS_SELECTOR, "[aria-invalid=true], .field.invalid"))
    run.shot("editor-blank-beta")


def session_ends_while_editing(run):
    """A preview asked for after the session is gone never pastes the sign-in page into the pane."""
    driver = run.driver
    driver.get(run.base + "/console/apps/demo/policy")
    driver.delete_cookie("lgc_session")
    run.type_into("ios.latestVersion", "2.4.2")
    stale = run.wait(lambda: driver.find_element(By.ID, "preview-stale").is_displayed())
    pane = driver.find_element(By.ID, "preview")
    run.check("when the session ends, the previews say they stopped following the form", stale, driver.find_element(By.ID, "preview-stale").text)
    run.check("and the sign-in page is not pasted into the previews, which keep the last impact",
              not pane.find_elements(By.CSS_SELECTOR, "form[action='/console/sign-in'], #token") and pane.find_elements(By.ID, "impact-summary"),
              pane.get_attribute("innerHTML")[:300])
    run.shot("editor-session-ended")


def security(run):
    driver = run.driver
    # A post without the form's CSRF token is refused, even with the session cookie.
    cookie_header = f"lgc_session={driver.get_cookie('lgc_session')['value']}"
    form = b"platform=ios&ios.latestVersion=2.4.1&ios.required=2.4.1"
    status, body = run.http("/console/apps/demo/policy/publish", data=form,
                            headers={"Cookie": cookie_header, "Content-Type": "application/x-www-form-urlencoded"})
    run.check("a publish without the CSRF token is refused with 403", status == 403, (status, body[:200]))
    run.check("and nothing was published", run.served_required() == "2.0.0", run.served_required())
    violations = [entry for entry in driver.get_log("browser") if "Content Security Policy" in entry.get("message", "")]
    run.check("no page broke the Content-Security-Policy", not violations, violations)
    # The policy itself, as the browser applies it: a script added to the page inline doesn't run.
    driver.get(run.base + "/console/apps/demo/history")
    ran = driver.execute_script("var s = document.createElement('script'); s.textContent = 'window.__inline = 1';"
                                "document.body.appendChild(s); return window.__inline === 1")
    run.check("the browser refuses inline script on console pages (Content-Security-Policy)", ran is False, ran)
    driver.get_log("browser")


def locales_and_json(run):
    driver = run.driver
    # A beta policy with French and Arabic texts (published through the admin API) is previewed
    # in each, Arabic right to left, with the SDK's own strings where the policy has none.
    status, body = run.http("/v1/admin/apps/demo/policy", headers={"Authorization": f"Bearer {run.token}"})
    document = json.loads(body)
    document["platforms"] = {"ios": document["platforms"]["ios"]}
    document["platforms"]["ios"]["texts"] = {
        "fr": {"updateRequired": {"title": "Mise à jour obligatoire"}},
        "ar": {"updateAvailable": {"message": "يتوفر إصدار جديد."}},
    }
    status, body = run.http("/v1/admin/apps/demo/policy?channel=beta", data=json.dumps(document).encode(),
                            headers={"Authorization": f"Bearer {run.token}", "Content-Type": "application/json"}, method="PUT")
    run.check("a beta policy with French and Arabic texts is published", status == 201, (status, body[:300]))
    driver.get(run.base + "/console/apps/demo/policy?channel=beta")
    french = run.text_of("preview-ios-fr-required")
    run.check("the French required screen has the policy's title", "Mise à jour obligatoire" in french, french)
    run.check("the French dialog uses the SDK's French strings", "Pas maintenant" in run.text_of("preview-ios-fr-dialog"),
              run.text_of("preview-ios-fr-dialog"))
    notes = driver.find_element(By.CSS_SELECTOR, "#preview-ios-ar-dialog .screen-notes")
    run.check("English release notes keep their direction in an Arabic preview (dir=auto)",
              driver.execute_script("return getComputedStyle(arguments[0]).direction", notes) == "ltr", notes.text)
    arabic = driver.find_element(By.ID, "preview-ios-ar-banner")
    run.check("the Arabic previews are right to left", driver.execute_script("return getComputedStyle(arguments[0]).direction", arabic) == "rtl")
    for figure in driver.find_elements(By.CSS_SELECTOR, "#preview figure.phone-frame"):
        locale = figure.get_attribute("id").split("-")[2]
        if locale != "en":
            driver.execute_script("arguments[0].scrollIntoView()", figure)
            run.shot("preview-" + figure.get_attribute("id").removeprefix("preview-"), figure)

    # The JSON editor: a German text added to the whole document shows in the German preview.
    driver.get(run.base + "/console/apps/demo/policy")
    driver.find_element(By.CSS_SELECTOR, "#advanced summary").click()
    driver.find_element(By.ID, "use-document").click()
    editor = driver.find_element(By.ID, "document")
    document = json.loads(editor.get_attribute("value"))
    document["platforms"]["ios"].setdefault("texts", {})["de"] = {"updateRequired": {"title": "Bitte jetzt aktualisieren"}}
    set_value = "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}))"
    driver.execute_script(set_value, editor, json.dumps(document, indent=2))
    german = lambda: driver.find_element(By.ID, "preview-ios-de-required").text
    run.check("a localized text edited in the JSON editor shows in its preview", run.wait(lambda: "Bitte jetzt aktualisieren" in german()),
              driver.find_element(By.ID, "preview").text[:300])
    driver.execute_script("arguments[0].scrollIntoView()", editor)
    run.shot("editor-json")
    document["platforms"]["ios"]["rollout"] = {"percentage": 150}
    driver.execute_script(set_value, editor, json.dumps(document, indent=2))
    problems = lambda: driver.find_element(By.ID, "impact-document-errors").text
    run.check("JSON that breaks a rule shows the core's issue with its path", run.wait(lambda: "platforms.ios.rollout.percentage" in problems()),
              driver.find_element(By.ID, "preview").text[:300])
    run.submit(driver.find_element(By.ID, "preview-button"))
    run.check("without JavaScript's help the issue is shown next to the JSON editor", "platforms.ios.rollout.percentage" in run.text_of("document-error"))
    run.shot("editor-json-invalid")


# Where an element is drawn against the viewport: [top, bottom, viewport height], or null.
IN_VIEW = """
const element = document.getElementById(arguments[0]);
if (!element || element.offsetParent === null) return null;
const box = element.getBoundingClientRect();
return [Math.round(box.top), Math.round(box.bottom), window.innerHeight];
"""


def impact_within_reach(run):
    """At 390 px the impact comes after every field (a review measured it 4,300 px down): the
    line at the foot of the screen keeps its first sentence in view beside whatever field is being
    edited, follows the typing, and its link brings the impact itself into view."""
    driver = run.driver
    run.set_width(390)
    try:
        driver.get(run.base + "/console/apps/demo/policy")
        visible = lambda box: box is not None and 0 <= box[0] and box[1] <= box[2]
        for field in ("ios.required", "note"):
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", run.field(field))
            where = driver.execute_script(IN_VIEW, "impact-jump")
            run.check(f"at 390 px, editing {field}, the impact's first sentence is on the screen", visible(where), where)
        summary = lambda: driver.find_element(By.ID, "impact-summary").get_attribute("textContent").strip()
        jump = lambda: "".join(e.get_attribute("textContent") for e in driver.find_elements(By.ID, "impact-jump-summary")).strip()
        run.check("it is the impact's own first sentence", jump() and jump() == summary(), (jump(), summary()))
        run.type_into("ios.required", "2.3.0")
        run.check("it follows the typing, as the impact does", run.wait(lambda: "2.3.0" in summary() and jump() == summary()), (jump(), summary()))
        run.shot("editor-390-impact-line")
        for link in driver.find_elements(By.CSS_SELECTOR, "#impact-jump a"):
            link.click()
        run.check("its link brings the impact into view", run.wait(lambda: visible(driver.execute_script(IN_VIEW, "impact-summary"))),
                  driver.execute_script(IN_VIEW, "impact-summary"))
        run.set_width(1280)
        run.check("at 1280 px, with the impact beside the fields, there is no such line", driver.execute_script(IN_VIEW, "impact-jump") is None)
    finally:
        run.reset_width()


def first_seen_app(run):
    """An app "fresh" whose every install was first seen today, so its editor's impact table has a
    "(first seen today)" row for the layout checks (/console/apps/fresh/policy).

    "Today" is the server's UTC day, on the wall clock: serve has no fixed clock to run on. Pings
    recorded before midnight and read after it are yesterday's, and the row is then plain "iOS";
    either label passes, so a run across midnight doesn't fail here (the row is still checked at
    390 px, with the shorter label)."""
    admin = {"Authorization": f"Bearer {run.token}", "Content-Type": "application/json"}
    run.http("/v1/admin/apps", data=json.dumps({"id": "fresh", "name": "Fresh App"}).encode(), headers=admin)
    policy = {"schemaVersion": 1, "platforms": {"ios": {"latest": {"version": "2.4.1"}, "required": {"version": "2.0.0"},
                                                        "updateURL": "https://apps.apple.com/app/id1"}}}
    run.http("/v1/admin/apps/fresh/policy", data=json.dumps(policy).encode(), headers=admin, method="PUT")
    for index in range(5):
        header = f'version="1.9.0", platform="ios", os="17.4.0", install="console-test-fresh-{index}"'
        run.http("/v1/apps/fresh/installs/ping", data=b"", headers={"LaunchGate-Client": header})

    def listed():  # sightings are recorded in the background: reload until they count
        run.driver.get(run.base + "/console/apps/fresh/policy")
        # The table has a row only for a platform with installs counted.
        return run.driver.find_element(By.CSS_SELECTOR, "#impact-ios th").text in ("iOS (first seen today)", "iOS")
    run.check("a new app's editor lists its installs, as first seen today (or, past midnight, yesterday)", run.wait(listed, 30),
              run.text_of("impact-platforms", 1))
