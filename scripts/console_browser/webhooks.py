"""The webhooks page: an endpoint added with its secret shown once (then only its prefix), a test
event whose attempt fails (nothing listens on the endpoint's port), the endpoint removed so that
delivery shows failed, first, with its error; and another endpoint kept, with a long URL, for the
page's check at 390 and 1280 px. serve runs with --webhook-allow-private, so a loopback http URL is
accepted."""
import time

from selenium.webdriver.common.by import By

from .layout import check_page

# A port nothing listens on: every attempt fails at once with a refused connection.
DEAD = "http://127.0.0.1:9"


def add(run, url, events=()):
    """Adds an endpoint through the form; returns the secret the answer page shows."""
    driver = run.driver
    driver.get(run.base + "/console/apps/demo/webhooks")
    run.field("url").send_keys(url)
    for event in events:
        driver.find_element(By.CSS_SELECTOR, f"input[name=events][value='{event}']").click()
    run.submit(driver.find_element(By.CSS_SELECTOR, "form[action$='/webhooks'] button[type=submit]"))
    return run.text_of("new-secret")


def webhooks(run):
    driver = run.driver
    secret = add(run, DEAD + "/first", ["policy.published", "user.created"])
    run.check("adding a webhook shows its secret", secret.startswith("whsec_") and len(secret) > 40, secret)
    run.shot("webhooks-added")
    driver.get(run.base + "/console/apps/demo/webhooks")
    run.check("the secret is shown once: the page again has only its prefix",
              secret not in driver.page_source and secret[:10] + "…" in driver.find_element(By.ID, "endpoints").text,
              driver.find_element(By.ID, "endpoints").text[:200])
    run.submit(driver.find_element(By.CSS_SELECTOR, "#endpoints form[action$='/webhooks/test'] button"))
    run.check("sending a test event says so", "Queued a webhook.test event" in run.text_of("notice"))

    def attempted():
        time.sleep(0.5)
        driver.get(run.base + "/console/apps/demo/webhooks")
        rows = driver.find_elements(By.CSS_SELECTOR, "#deliveries tbody tr")
        return rows and "webhook.test" in rows[0].text and rows[0].find_element(By.CSS_SELECTOR, "td[data-label='Last error']").text.strip()
    run.check("the test delivery's failed attempt shows its error", run.wait(attempted, 30))
    run.submit(driver.find_element(By.CSS_SELECTOR, "#endpoints form[action$='/webhooks/remove'] button"))
    run.check("removing the webhook says so", "Removed webhook" in run.text_of("notice"))
    first = driver.find_element(By.CSS_SELECTOR, "#deliveries tbody tr")
    run.check("its pending delivery is listed first, failed, with the error", "failed" in first.text and "removed" in first.text, first.text)
    # One kept, with a long URL and every event, so the page is checked with a full table at each width.
    add(run, DEAD + "/launchgate/webhooks/a-rather-long-path-for-the-layout-check?source=console-test")
    driver.get(run.base + "/console/apps/demo/webhooks")
    failed = driver.find_elements(By.CSS_SELECTOR, "#deliveries tbody tr.failed")
    run.check("the failed delivery is still listed beside the kept endpoint", len(failed) == 1, len(failed))
    check_page(run, "webhooks")
