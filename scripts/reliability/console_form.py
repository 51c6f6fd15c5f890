"""Posting the console's sign-in form as another client would: the one implementation for the
scripts. hostile.py imports it as `console_form` (this folder is its path's first entry) and the
console's browser tests as `reliability.console_form` (console-browser.py puts scripts/ first)."""
import http.client
import re
import urllib.parse


def post_sign_in_form(port, source, path, fields, with_page=False, host="127.0.0.1", with_cookies=False):
    """Posts the console's sign-in form at `/console/sign-in/<path>` from the loopback address
    `source`, with the cookie and CSRF token a GET of the form gave that same client (the server
    binds both to it, so they can't be borrowed from another). Returns the status, and the page's
    text `with_page`, or the cookies the answer sets (name -> value) `with_cookies`: the console
    session a right code gives, for a script that reads pages after signing in."""
    connection = http.client.HTTPConnection(host, int(port), timeout=10, source_address=(source, 0))
    try:
        connection.request("GET", "/console/sign-in")
        response = connection.getresponse()
        page = response.read().decode()
        cookie = next(value.split(";")[0] for name, value in response.getheaders()
                      if name.lower() == "set-cookie" and value.startswith("lgc_signin="))
        csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)
        connection.request("POST", f"/console/sign-in/{path}", body=urllib.parse.urlencode({"csrf": csrf, **fields}),
                           headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
        response = connection.getresponse()
        text = response.read().decode()
        if with_cookies:
            return response.status, dict(value.split(";")[0].split("=", 1) for name, value in response.getheaders()
                                         if name.lower() == "set-cookie" and "=" in value)
        return (response.status, text) if with_page else response.status
    finally:
        connection.close()
