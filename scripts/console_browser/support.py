"""What every part of the console's browser tests shares: checks, waits, plain HTTP, screenshots
and the form helpers, around one Chromium driven by Selenium; and, for scripts/screens.py too,
starting that Chromium and signing in to the console with the admin token."""
import base64
import json
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from reliability.logged_mail import mailed_code

# The widths every page is checked at: a phone and a laptop.
WIDTHS = (390, 1280)


def start_chrome(arguments=(), capabilities=None):
    """Debian's Chromium, headless, through its chromedriver: the switches every run needs, then
    `arguments` (a window size, a device scale), and `capabilities` (`goog:loggingPrefs`)."""
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", *arguments]:
        options.add_argument(argument)
    for name, value in (capabilities or {}).items():
        options.set_capability(name, value)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def sign_in_with_token(driver, base, token, seconds=15):
    """Signs in to the console at `base` with the admin token, as a person types it in the form,
    and waits for the apps page; `True` once it is there."""
    driver.get(base + "/console/sign-in")
    driver.find_element(By.NAME, "token").send_keys(token)
    driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
    try:
        WebDriverWait(driver, seconds).until(lambda d: d.current_url.endswith("/console/apps"))
        return True
    except Exception:
        return False


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Run:
    """One run: the server's address and admin token, where screenshots go, the counts."""

    def __init__(self, base, token, shots, serve_log, operator):
        self.base, self.token, self.shots, self.serve_log, self.operator = base, token, shots, serve_log, operator
        self.passed, self.failed, self.saved = 0, 0, []
        self.driver = None

    def start_browser(self):
        self.driver = start_chrome(["--window-size=1400,1100"], {"goog:loggingPrefs": {"browser": "ALL"}})

    def check(self, name, condition, detail=""):
        if condition:
            self.passed += 1
            print(f"ok   {name}")
        else:
            self.failed += 1
            print(f"FAIL {name}" + (f"\n     {str(detail)[:600]}" if detail else ""))

    @staticmethod
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

    def http(self, path, data=None, headers=None, method=None):
        """Status and body of a request that follows no redirect."""
        request = urllib.request.Request(self.base + path, data=data, headers=headers or {}, method=method)
        try:
            with urllib.request.build_opener(NoRedirect).open(request, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def served_required(self):
        """The required version served publicly for iOS."""
        status, body = self.http("/v1/apps/demo/policy?platform=ios")
        document = json.loads(body)
        platforms = document.get("platforms") or document.get("policy", {}).get("platforms", {})
        return platforms.get("ios", {}).get("required", {}).get("version")

    def active_today(self):
        status, body = self.http("/v1/admin/apps/demo/adoption?days=1", headers={"Authorization": f"Bearer {self.token}"})
        return json.loads(body)["windows"][0]["activeInstalls"] if status == 200 else -1

    def shot(self, name, element=None):
        """A screenshot of the viewport, or of one element."""
        path = f"{self.shots}/{name}.png"
        (element or self.driver).screenshot(path) if element else self.driver.save_screenshot(path)
        self.saved.append(path)

    def page_shot(self, name):
        """A screenshot of the whole page, however long, at the current width."""
        path = f"{self.shots}/{name}.png"
        image = self.driver.execute_cdp_cmd("Page.captureScreenshot", {"captureBeyondViewport": True, "format": "png"})
        with open(path, "wb") as file:
            file.write(base64.b64decode(image["data"]))
        self.saved.append(path)

    def set_width(self, width):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500})

    def reset_width(self):
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def mailed_code(self, email, seconds=15.0, mails=0):
        """The newest code mailed to the address (serve's log mail transport prints each message)
        once at least `mails` messages to it are printed, or "" when none came."""
        return mailed_code(self.serve_log, email, seconds=seconds, mails=mails) or ""

    def mail_count(self, email):
        with open(self.serve_log, encoding="utf-8", errors="replace") as log:
            return log.read().count("To: " + email + "\n")

    def field(self, name):
        return self.driver.find_element(By.NAME, name)

    def text_of(self, element_id, seconds=10.0):
        """The text of an element, waiting for a page that is still loading to show it."""
        found = []
        self.wait(lambda: found.append(self.driver.find_element(By.ID, element_id).text) is None, seconds)
        return found[-1] if found else ""

    def submit(self, element):
        """Clicks a button that loads a new page, and waits until the old page is gone."""
        old = self.driver.find_element(By.TAG_NAME, "html")
        element.click()
        self.wait(lambda: old.id != self.driver.find_element(By.TAG_NAME, "html").id)
        self.wait(lambda: self.driver.execute_script("return document.readyState") == "complete")

    def type_into(self, name, text):
        element = self.field(name)
        element.clear()
        if text:
            element.send_keys(text)
