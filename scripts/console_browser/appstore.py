"""The App Store page's forms: link a platform (a bad storefront refused in the form first),
sync it now against a lookup URL nothing answers (its errors shown on the page), and unlink it;
and an App Store Connect key that isn't P-256 refused next to its field, never shown back."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select


def _link_form(run):
    return run.driver.find_element(By.CSS_SELECTOR, "form[action$='/appstore/link']")


def _fill_link(run, storefronts):
    form = _link_form(run)
    Select(form.find_element(By.ID, "link-platform")).select_by_value("ipados")
    identity = form.find_element(By.ID, "identity")
    identity.clear()
    identity.send_keys("com.example.demo")
    field = form.find_element(By.ID, "storefronts")
    field.clear()
    field.send_keys(storefronts)
    return form


def link_sync_unlink(run):
    driver = run.driver
    driver.get(run.base + "/console/apps/demo/appstore")
    form = _fill_link(run, "us, usa")
    run.submit(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    run.check("a bad storefront is refused next to its field, the form kept as typed",
              "'usa' is not a storefront" in run.text_of("storefronts-error")
              and driver.find_element(By.ID, "storefronts").get_attribute("value") == "us, usa",
              run.text_of("storefronts-error"))
    form = _fill_link(run, "us, fr")
    form.find_element(By.ID, "pin-notes").click()
    run.submit(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    card = driver.find_elements(By.ID, "appstore-ipados")
    run.check("linking ipados through the page lists its card with its pin", "Linked ipados" in run.text_of("notice")
              and bool(card) and "com.example.demo" in card[0].text, run.text_of("notice"))
    sync = driver.find_element(By.CSS_SELECTOR, "form[action$='/appstore/sync'] input[value=ipados]").find_element(By.XPATH, "..")
    sync.find_element(By.CSS_SELECTOR, "input[name=reset]").click()
    run.submit(sync.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    problems = run.text_of("appstore-problems")
    run.check("Sync now polls at once and shows why the storefronts failed (nothing answers the lookup URL)",
              "us" in problems and "fr" in problems and "ipados · us" in problems, problems)
    cells = driver.find_elements(By.CSS_SELECTOR, "section[aria-labelledby='appstore-ipados'] td[data-label='Last error']")
    run.check("each storefront's row shows its own last error after the sync (attack s14, 10)",
              any(cell.text.strip().startswith("us:") for cell in cells) and any(cell.text.strip().startswith("fr:") for cell in cells),
              [cell.text for cell in cells])
    run.shot("appstore-synced")
    unlink = driver.find_element(By.CSS_SELECTOR, "form[action$='/appstore/unlink'] input[value=ipados]").find_element(By.XPATH, "..")
    run.submit(unlink.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    run.check("unlinking ipados removes its card and keeps ios", "Unlinked ipados" in run.text_of("notice")
              and not driver.find_elements(By.ID, "appstore-ipados") and bool(driver.find_elements(By.ID, "appstore-ios")))


def accept_held(run):
    """The ios card's held 40.0.0 (console-test holds it) has an Accept button beside the listing; serve's lookup URL
    answers nothing, so accepting it says nothing changed, and the listing stays (attack s15, 4)."""
    driver = run.driver
    driver.get(run.base + "/console/apps/demo/appstore")
    card = driver.find_element(By.CSS_SELECTOR, "section[aria-labelledby='appstore-ios']")
    buttons = card.find_elements(By.CSS_SELECTOR, "button.accept-held")
    run.check("a held answer has an Accept button with its version in its platform's card",
              [button.text for button in buttons] == ["Accept 40.0.0"] and "40.0.0 is held" in card.text, [button.text for button in buttons])
    run.shot("appstore-held")
    run.submit(buttons[0])
    problems = run.text_of("appstore-problems")
    run.check("accepting a version no storefront answers now changes nothing and says so",
              "nothing accepted, nothing changed" in problems and "40.0.0" in problems, problems)
    run.check("the held answer stays listed with its button", bool(driver.find_elements(By.CSS_SELECTOR, "button.accept-held")))


def credentials(run):
    driver = run.driver
    driver.get(run.base + "/console/apps/demo/appstore")
    run.check("the page says no App Store Connect key is set", "Not set" in run.text_of("credentials-status"), run.text_of("credentials-status"))
    form = driver.find_element(By.CSS_SELECTOR, "form[action$='/appstore/credentials']")
    form.find_element(By.ID, "issuer-id").send_keys("00000000-0000-0000-0000-000000000001")
    form.find_element(By.ID, "key-id").send_keys("TEST000001")
    form.find_element(By.ID, "private-key").send_keys("-----BEGIN PRIVATE KEY-----\nnot-a-key\n-----END PRIVATE KEY-----")
    run.submit(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    run.check("a key that isn't P-256 is refused next to its field and never shown back",
              "not a P-256 key" in run.text_of("private-key-error") and "not-a-key" not in driver.page_source
              and driver.find_element(By.ID, "key-id").get_attribute("value") == "TEST000001", run.text_of("private-key-error"))
