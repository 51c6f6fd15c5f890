"""The sign-in codes in the mail `launchgate serve` prints when it has no --smtp-url (its log mail
transport, LogMailTransport): the one reader of that mail for the scripts, so a change to how
it is printed breaks every reader the same way. hostile.py imports it as `logged_mail` (this
folder is its path's first entry) and the console's browser tests as `reliability.logged_mail`
(console-browser.py puts scripts/ first)."""
import re
import time

# What LogMailTransport prints before each message's From, To and Subject lines.
HEADER = "---- mail (not sent"


def messages(text):
    """Each printed message as its headers (name -> value) and its text, oldest first."""
    found = []
    for block in text.split(HEADER)[1:]:
        head, _, body = block.partition("\n\n")
        headers = dict(line.split(": ", 1) for line in head.splitlines()[1:] if ": " in line)
        found.append((headers, body))
    return found


def code_in(body, length=None):
    """The code in a message's text: its first whole run of `length` digits, or of 4 to 10 (the
    lengths an app may choose) without one; `None` when there is none. The text, not the Subject,
    because an app may rewrite its Subject without the code, and its text must carry it."""
    digits = re.search(rf"\b\d{{{length}}}\b" if length else r"\b\d{4,10}\b", body)
    return digits.group(0) if digits else None


def mailed_code(log, email, length=None, seconds=10.0, not_code=None, mails=0):
    """The code of the newest message to `email` in the log file `log` that has one (of `length`
    digits when given), waiting up to `seconds` for one other than `not_code` (the one already
    read) once at least `mails` messages to `email` are printed, so that a mail still on its way
    isn't missed for an older one; `None` if none is, or without a log."""
    if not log:
        return None
    deadline = time.monotonic() + seconds
    while True:
        with open(log, encoding="utf-8", errors="replace") as handle:
            codes = [code_in(body, length) for headers, body in messages(handle.read()) if headers.get("To") == email]
        found = next((code for code in reversed(codes) if code), None)
        if found and found != not_code and len(codes) >= mails:
            return found
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.1)
