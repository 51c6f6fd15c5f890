#!/usr/bin/env python3
"""The console's browser tests, run by scripts/console-test: console-browser.py BASE TOKEN SHOTS SERVE-LOG OPERATOR.

The parts live in scripts/console_browser/: support (checks and helpers), editor (sign-in, the
editor, publish and rollback), accounts (the other pages and the operator's sign-in), appstore (the
App Store page's forms), webhooks (the webhooks page) and layout (every page at 390 and 1280 px)."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from selenium.webdriver.common.by import By  # noqa: E402

from console_browser import accounts, appstore, editor, layout, webhooks  # noqa: E402
from console_browser.support import Run  # noqa: E402

run = Run(*sys.argv[1:6])

# serve --demo seeds installs first seen days ago and seen again today.
seeded = run.active_today()
run.check("serve --demo seeds installs seen before today", seeded > 0, seeded)
# Installs for the impact: 6 on 2.1.0, 4 on 2.4.1, as the SDK's LaunchGate-Client header reports them.
for index in range(10):
    version = "2.1.0" if index < 6 else "2.4.1"
    header = f'version="{version}", platform="ios", os="17.4.0", install="console-test-{index}"'
    run.http("/v1/apps/demo/installs/ping", data=b"", headers={"LaunchGate-Client": header})
counted = run.wait(lambda: run.active_today() == seeded + 10, 30)
run.check("the 10 new installs are counted with the seeded ones", counted, run.active_today())

run.start_browser()
try:
    editor.sign_in(run)
    editor.blank_editor(run)
    editor.edit_and_publish(run)
    accounts.adoption(run, seeded)
    editor.security(run)
    accounts.exemptions(run)
    webhooks.webhooks(run)
    appstore.link_sync_unlink(run)
    appstore.accept_held(run)
    appstore.credentials(run)
    editor.locales_and_json(run)
    user_page = accounts.users(run)
    accounts.mail_tokens_operators(run)
    editor.impact_within_reach(run)
    editor.first_seen_app(run)
    # Prompt counts for production's revision 1 (no channel: production's), as the SDK's beacon sends them with its ping, sent after every
    # check that counts installs: the funnel page's input.
    for index in range(3):
        header = f'version="2.1.0", platform="ios", os="17.4.0", install="console-funnel-{index}"'
        body = json.dumps({"funnel": [{"revision": 1, "banner": 4, "details": 2, "update": 1, "dismissed": 1}]}).encode()
        status, _ = run.http("/v1/apps/demo/installs/ping", data=body, headers={"LaunchGate-Client": header, "Content-Type": "application/json"})
        run.check("a ping with prompt counts is accepted", status == 204, status)
    run.wait(lambda: json.loads(run.http("/v1/admin/apps/demo/funnel", headers={"Authorization": f"Bearer {run.token}"})[1])["revisions"], 30)
    accounts.funnel(run)
    layout.run_pages(run, {
        "apps": "/console/apps", "app": "/console/apps/demo", "editor": "/console/apps/demo/policy",
        "history": "/console/apps/demo/history", "revision": "/console/apps/demo/history/2",
        "adoption": "/console/apps/demo/adoption", "funnel": "/console/apps/demo/funnel", "funnel-beta": "/console/apps/demo/funnel?channel=beta", "appstore": "/console/apps/demo/appstore", "exemptions": "/console/apps/demo/exemptions",
        "users": "/console/apps/demo/users", "user": user_page, "mail": "/console/mail", "tokens": "/console/tokens",
        "operators": "/console/operators", "unknown-app": "/console/apps/nope", "editor-first-seen": "/console/apps/fresh/policy",
    })
    run.driver.get(run.base + "/console/apps/nope")
    run.check("an unknown app's page keeps the navigation and is titled for it",
              run.driver.title == "App not found · LaunchGate" and bool(run.driver.find_elements(By.CSS_SELECTOR, "nav[aria-label=Main]")),
              run.driver.title)
    accounts.operator_sign_in(run)
    editor.session_ends_while_editing(run)
    accounts.operator_long_code(run)
finally:
    run.driver.quit()

print("\nScreenshots:")
for path in run.saved:
    print("  " + path)
print(f"\nconsole-test: {run.passed} passed, {run.failed} failed")
sys.exit(1 if run.failed else 0)
