"""The pages around the editor: adoption (and the dark scheme), exemptions, users and their
sessions, mail, tokens and operators; then signing out, an operator signing in by emailed code,
and the keyboard; and an operator past the room for short codes signing in with a 9-digit code."""
import json
import re
from datetime import datetime, timedelta, timezone

from selenium.webdriver.common.by import By

from reliability.console_form import post_sign_in_form

from .layout import check_page
from .support import WIDTHS


def adoption(run, seeded):
    driver = run.driver
    driver.get(run.base + "/console/apps/demo/adoption?days=1")
    run.check("the adoption chart draws a bar per version", len(driver.find_elements(By.CSS_SELECTOR, "svg.bar rect.chart-bar")) >= 2)
    run.check("the adoption page says how many installs are active", f"{seeded + 10} active installs" in driver.find_element(By.ID, "active").text,
              driver.find_element(By.ID, "active").text)
    run.check("the versions-over-time chart draws today's column", len(driver.find_elements(By.CSS_SELECTOR, "svg.timeline-plot rect.series-0")) >= 1)
    run.check("the adoption window is named as today's UTC calendar day",
              "today, UTC calendar day" in driver.find_element(By.ID, "active").text, driver.find_element(By.ID, "active").text)
    axis = driver.find_element(By.CSS_SELECTOR, "svg.timeline-plot line.chart-axis-line")
    today_column = driver.find_elements(By.CSS_SELECTOR, "svg.timeline-plot rect.series-0")[-1]
    column_end = int(today_column.get_attribute("x")) + int(today_column.get_attribute("width"))
    run.check("today's column ends where the time axis ends", column_end == int(axis.get_attribute("x2")), (column_end, axis.get_attribute("x2")))
    charts_span_cards(run)
    days_without_installs(run)
    run.shot("adoption")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.get(run.base + "/console/apps/demo/policy")
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    run.check("the console follows a dark system scheme", background == "rgb(17, 19, 24)", background)
    run.shot("editor-dark")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def funnel(run):
    """The funnel page after three pings with prompt counts for production's revision 1: a chart per
    channel's revision whose figures are the sentence's (one value feeds both), and a channel filter."""
    driver = run.driver
    driver.get(run.base + "/console/apps/demo/funnel?platform=ios")
    title = "Production revision 1 · iOS"
    headings = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "section.funnel h2")]
    run.check("the funnel page has a section for production's revision 1 on iOS", title in headings, headings)
    section = driver.find_elements(By.CSS_SELECTOR, "section.funnel")[headings.index(title)] if title in headings else None
    if section is None:
        return
    sentence = section.find_element(By.CSS_SELECTOR, ".funnel-sentence").text
    values = [v.text for v in section.find_elements(By.CSS_SELECTOR, "#chart-production-r1-ios-prompts ~ ul .bar-value")]
    run.check("the funnel chart draws a bar per count", len(values) == 7, values)
    run.check("the sentence and the chart give the same banner count", "12 banners" in sentence and values and values[0].endswith("· 12"),
              (sentence, values[:1]))
    run.shot("funnel")
    # Revisions are numbered per channel: beta's filter must not show production's revision 1.
    driver.get(run.base + "/console/apps/demo/funnel?channel=beta")
    beta = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "section.funnel h2")]
    selected = driver.find_element(By.CSS_SELECTOR, "#channel option:checked").get_attribute("value")
    run.check("the beta filter shows no production counts and keeps beta chosen",
              not beta and selected == "beta" and driver.find_elements(By.ID, "funnel-empty"), (beta, selected))


# A chart's card's content box (inside its padding) and what the chart draws in it: the bars'
# list or the time plot, as [card left, card right, drawn left, drawn right] in CSS pixels.
CHART_EDGES = """
const figure = arguments[0], style = getComputedStyle(figure), box = figure.getBoundingClientRect();
const drawn = figure.querySelector("ul.bars, svg.timeline-plot");
if (!drawn) return null;
const inner = drawn.getBoundingClientRect();
return [box.left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth),
        box.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth), inner.left, inner.right];
"""


def charts_span_cards(run):
    """Each chart reaches its card's right edge at a phone's width and a laptop's; on the left only
    the time axis's "100 %" label may come before it. A chart narrower than its card looked unfinished."""
    driver = run.driver
    for width in WIDTHS:
        run.set_width(width)
        for figure in driver.find_elements(By.CSS_SELECTOR, "figure.chart"):
            name = figure.find_element(By.TAG_NAME, "figcaption").text[:40]
            edges = driver.execute_script(CHART_EDGES, figure)
            if edges is None:
                continue
            left, right, drawn_left, drawn_right = edges
            run.check(f"the chart \"{name}\" spans its card at {width} px",
                      abs(drawn_right - right) <= 2 and drawn_left - left <= 60, [round(edge) for edge in edges])
    run.reset_width()


def days_without_installs(run):
    """serve --demo's installs were seen two to six days ago and today, so yesterday has none: its
    column says so (an outlined "no installs recorded"), where a blank slot read as an outage."""
    driver = run.driver
    columns = {rect.get_attribute("x") for rect in driver.find_elements(By.CSS_SELECTOR, "svg.timeline-plot rect")}
    run.check("every day of the time chart has a column, with installs or marked as without", len(columns) == 30, len(columns))
    yesterday = (datetime.now(timezone.utc) - timedelta(days=1)).strftime("%Y-%m-%d")
    empty = driver.find_elements(By.CSS_SELECTOR, f'svg.timeline-plot rect.no-data[data-day="{yesterday}"]')
    title = empty[0].get_attribute("textContent") if empty else ""
    height = driver.execute_script("return arguments[0].getBoundingClientRect().height", empty[0]) if empty else 0
    plot = driver.execute_script("return document.querySelector('svg.timeline-plot').getBoundingClientRect().height")
    run.check("a day without installs is a full-height column saying so, not a blank or a 0",
              "no installs recorded" in title and abs(height - plot) <= 2, (title, height, plot))
    note = driver.find_elements(By.ID, "timeline-gaps")
    run.check("the time chart says what its outlined days mean", bool(note) and "missing data, not zero installs" in note[0].text,
              note[0].text if note else "no note")


def exemptions(run):
    driver = run.driver
    driver.get(run.base + "/console/apps/demo/exemptions")
    run.field("value").send_keys("app-review-install")
    run.field("note").send_keys("App Review")
    run.submit(driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    listed = driver.find_element(By.TAG_NAME, "tbody").text
    run.check("an exempted install is listed by its hash, never its ID", "Exempted the install" in run.text_of("notice")
              and "App Review" in listed and "app-review-install" not in listed, listed)
    run.shot("exemptions")
    run.submit(driver.find_element(By.CSS_SELECTOR, "tbody form button"))
    run.check("removing the exemption empties the list", "Removed the exemption" in run.text_of("notice") and "No exemptions." in driver.page_source)
    # One kept, so the page is checked at 390 px with a 64-digit hash in its table.
    run.field("value").send_keys("qa-device")
    run.submit(driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))


def users(run):
    """A user of the demo app signs in through the app API; the console lists them and revokes the session.
    - Returns: The user's page's path."""
    driver = run.driver
    run.http("/v1/apps/demo/auth/send-code", data=json.dumps({"email": "ada@example.com"}).encode(), headers={"Content-Type": "application/json"})
    code = run.mailed_code("ada@example.com")
    status, body = run.http("/v1/apps/demo/auth/verify-code",
                            data=json.dumps({"email": "ada@example.com", "code": code, "device_id": "console-test-phone"}).encode(),
                            headers={"Content-Type": "application/json"})
    run.check("a demo user signs in with the mailed code", status == 200, (status, body[:200]))
    driver.get(run.base + "/console/apps")
    run.submit(driver.find_element(By.LINK_TEXT, "Users"))
    run.check("the apps page links the demo app's users", driver.current_url.endswith("/console/apps/demo/users"), driver.current_url)
    run.check("the users page lists the signed-in user", "ada@example.com" in driver.find_element(By.TAG_NAME, "tbody").text)
    run.shot("users")
    run.submit(driver.find_element(By.LINK_TEXT, "ada@example.com"))
    user_page = driver.current_url.removeprefix(run.base)
    run.check("a user's page lists the session with its device", "console-test-phone" in driver.find_element(By.TAG_NAME, "tbody").text)
    run.shot("user-sessions")
    run.submit(driver.find_element(By.CSS_SELECTOR, "tbody form button"))
    run.check("revoking the session says so", "Revoked 1 session." in run.text_of("notice"))
    run.check("and the session shows as revoked", "revoked" in driver.find_element(By.TAG_NAME, "tbody").text)
    return user_page


def mail_tokens_operators(run):
    driver = run.driver
    run.submit(driver.find_element(By.LINK_TEXT, "Mail"))
    run.check("the mail page counts the sent codes", run.wait(lambda: int(run.text_of("count-sent")) >= 1), run.text_of("count-sent"))
    run.shot("mail")

    # Tokens: create one (its secret shown once), then revoke it.
    run.submit(driver.find_element(By.LINK_TEXT, "Tokens"))
    run.check("the tokens page says when the admin token was last used",
              any(cell.text.endswith(" UTC") for cell in driver.find_elements(By.CSS_SELECTOR, "td.last-used")),
              [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, "td.last-used")])
    run.type_into("name", "invoice\u202egpj.exe")
    run.submit(driver.find_element(By.CSS_SELECTOR, "main section form button[type=submit]"))
    error = run.text_of("token-name-error")
    run.check("a token name with a text-direction override is refused next to its field, in the form's words",
              "on one line" in error and "request body" not in driver.page_source, error)
    run.shot("tokens-name-refused")
    run.type_into("name", "console test <b>bot</b>")
    run.submit(driver.find_element(By.CSS_SELECTOR, "main section form button[type=submit]"))
    secret = run.text_of("new-token")
    run.check("a created token's secret is shown once", re.fullmatch(r"lgt_[0-9a-f]{12}_[0-9a-f]{64}", secret) is not None, secret)
    run.check("the token's name with markup renders as text", "console test <b>bot</b>" in driver.find_element(By.TAG_NAME, "tbody").text)
    status, _ = run.http("/v1/admin/apps", headers={"Authorization": f"Bearer {secret}"})
    run.check("the new token works on the admin API", status == 200, status)
    run.shot("tokens-created")
    token_id = secret.split("_")[1]
    run.submit(driver.find_element(By.CSS_SELECTOR, f"button[aria-label^='Revoke token {token_id}']"))
    run.check("revoking the token says so", "Revoked token" in run.text_of("notice"))
    status, _ = run.http("/v1/admin/apps", headers={"Authorization": f"Bearer {secret}"})
    run.check("the revoked token is refused", status == 401, status)
    run.shot("tokens")

    run.submit(driver.find_element(By.LINK_TEXT, "Operators"))
    run.check("the operators page lists the operator the CLI added", run.operator in driver.find_element(By.TAG_NAME, "tbody").text)
    run.shot("operators")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.get(run.base + "/console/mail")
    run.shot("mail-dark")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def operator_sign_in(run):
    """Signing out, then an operator signing in by emailed code: a stranger gets the same page and no mail."""
    driver = run.driver
    run.submit(driver.find_element(By.CSS_SELECTOR, "form.sign-out button"))
    run.check("signing out returns to sign-in", driver.current_url.endswith("/console/sign-in"), driver.current_url)
    check_page(run, "sign-in")
    driver.get(run.base + "/console/no-such-page")
    run.check("a page that doesn't exist, signed out, is titled for it, without the navigation",
              driver.find_element(By.TAG_NAME, "h1").text == "Page not found" and not driver.find_elements(By.CSS_SELECTOR, "nav"))
    check_page(run, "error-signed-out")
    driver.get(run.base + "/console/sign-in")
    run.field("email").send_keys("stranger@example.com")
    run.submit(driver.find_element(By.CSS_SELECTOR, "form[action='/console/sign-in/email'] button"))
    stranger_page = run.text_of("code-sent")
    driver.get(run.base + "/console/sign-in")
    run.field("email").send_keys(run.operator)
    run.submit(driver.find_element(By.CSS_SELECTOR, "form[action='/console/sign-in/email'] button"))
    operator_page = run.text_of("code-sent")
    run.check("a stranger and an operator get the same answer",
              stranger_page.replace("stranger@example.com", "X") == operator_page.replace(run.operator, "X") and "If" in operator_page,
              (stranger_page, operator_page))
    run.shot("sign-in-code")
    check_page(run, "sign-in-code")
    code = run.mailed_code(run.operator)
    run.check("the operator's code was mailed, and nothing to the stranger", len(code) == 6 and run.mail_count("stranger@example.com") == 0, code)
    wrong = "0" * 6 if code != "0" * 6 else "1" * 6
    run.field("code").send_keys(wrong)
    run.submit(driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    run.check("a wrong code is refused next to the field", "not right" in run.text_of("code-error"))
    run.shot("sign-in-code-wrong")
    run.field("code").send_keys(code)
    run.submit(driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    run.check("the right code signs the operator in", driver.current_url.endswith("/console/apps")
              and f"{run.operator} · publish" in driver.find_element(By.CSS_SELECTOR, ".who").text, driver.current_url)
    run.check("a publish operator sees no admin links", not driver.find_elements(By.LINK_TEXT, "Tokens"))
    run.shot("apps-operator")
    driver.get(run.base + "/console/tokens")
    run.check("a publish operator is refused the tokens page", "Not allowed" in driver.find_element(By.TAG_NAME, "h1").text,
              driver.find_element(By.TAG_NAME, "h1").text)

    # Keyboard: Tab from the top reaches the skip link first, with a visible outline.
    driver.get(run.base + "/console/apps")
    driver.find_element(By.TAG_NAME, "body").send_keys("\t")
    focused = driver.switch_to.active_element
    outline = driver.execute_script("return getComputedStyle(arguments[0]).outlineStyle", focused)
    run.check("the first Tab focuses the skip link with a visible outline", focused.text == "Skip to content" and outline != "none",
              (focused.text, outline))


def form_from(run, source, path, fields):
    """Posts the console's sign-in form from the loopback address `source` (another /24 than the
    browser's), as that client. Returns the status."""
    host, port = run.base.removeprefix("http://").split(":")
    return post_sign_in_form(port, source, path, fields, host=host)


def operator_long_code(run):
    """Past an operator's room for short codes (review s9b, K1) the code page names 9 digits, and
    the 9-digit code from the mail, typed into the form, signs in: one send and 5 wrong codes from
    /24s the address doesn't know spend the room (5 tries, then 4 a guess)."""
    driver = run.driver
    email = "ops-long@example.com"
    added, _ = run.http("/v1/admin/operators", json.dumps({"email": email, "scope": "read"}).encode(),
                        {"Authorization": f"Bearer {run.token}", "Content-Type": "application/json"}, "POST")
    sent = form_from(run, "127.0.90.1", "email", {"email": email})
    guesses = [form_from(run, f"127.0.{91 + n}.1", "code", {"email": email, "code": "000000"}) for n in range(5)]
    run.check("an operator added, a send and 5 wrong codes from other /24s", added == 201 and sent == 200 and guesses == [401] * 5,
              (added, sent, guesses))
    driver.delete_all_cookies()
    driver.get(run.base + "/console/sign-in")
    run.field("email").send_keys(email)
    run.submit(driver.find_element(By.CSS_SELECTOR, "form[action='/console/sign-in/email'] button"))
    said = run.text_of("code-sent")
    field = driver.find_element(By.ID, "code")
    run.check("past the room the code page names a 9-digit code and its field takes 9",
              "a 9-digit code" in said and field.get_attribute("maxlength") == "9", (said, field.get_attribute("maxlength")))
    run.shot("sign-in-code-long")
    # The second mail to the address: the outbox delivers after the page answers, and under load
    # the first send's 6-digit mail was still the newest when this read it.
    code = run.mailed_code(email, mails=2)
    run.check("the mailed code has 9 digits", len(code) == 9, code)
    field.send_keys(code)
    run.submit(driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    run.check("the 9-digit code typed into the form signs the operator in", driver.current_url.endswith("/console/apps")
              and f"{email} · read" in driver.find_element(By.CSS_SELECTOR, ".who").text, driver.current_url)
