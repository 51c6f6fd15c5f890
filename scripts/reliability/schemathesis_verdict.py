#!/usr/bin/env python3
"""The verdict on a schemathesis run, from its JUnit report (`--report junit`).

    schemathesis_verdict.py JUNIT.xml EXIT-CODE

Passes only when schemathesis ran to the end (a report exists, it tested something, and it exited
0 or 1) and the report holds no failure and no error outside ALLOWED below. Schemathesis 4 counts
two kinds of problem: failures (a check, such as not_a_server_error, saw a bad answer) and errors
(the test case could not finish). Errors include the server resetting a connection, timing out
or hanging up mid-answer, so they count against the server unless they are schemathesis's own.

Each <error> in the report begins with a title on its first line (schemathesis 4.32.5's
`EngineErrorInfo.title`), then the error's message; the allowlist matches the title and, where
a title is too broad to allow whole ("Runtime Error"), the start of the message.
Prints one line per problem and exits 1 when there is any.
"""
import os
import sys
import xml.etree.ElementTree as ElementTree

# Errors that are about schemathesis, Hypothesis or Python themselves, never the server, so they
# are shown but do not fail the run: (title, start of the message after it, or None for any).
# Keep this short; every entry needs its reason.
ALLOWED = [
    # Hypothesis's health checks judge its own data generation (generating too slowly, filtering
    # out too many drawn values, drawing too much data) before any request is sent; they say our
    # schema is awkward to generate for, not that the server answered wrongly.
    ("Failed Health Check", None),
    # CPython 3.11's ast module keeps its recursion depth per interpreter, not per thread, and
    # raises this SystemError spuriously when two threads build ASTs at once (CPython gh-106905).
    # With --workers 2, Hypothesis reads a lambda's source (hypothesis/internal/lambda_sources.py)
    # in two threads while describing a strategy; no request is involved.
    ("Runtime Error", "AST constructor recursion depth mismatch"),
]


def is_allowed(text):
    """Whether an <error>'s text is one of ALLOWED."""
    title, detail = first_line(text), first_detail(text)
    return any(title == allowed and (start is None or detail.startswith(start)) for allowed, start in ALLOWED)


def problems(report_path, exit_code):
    """The reasons the run fails; empty when it passes."""
    if exit_code not in (0, 1):
        # 2 and up: a usage or configuration error; 124 and 137: `timeout` stopped it.
        return [f"schemathesis exited {exit_code}: it did not finish its run"]
    if not os.path.exists(report_path):
        return [f"schemathesis wrote no JUnit report at {report_path}"]
    try:
        root = ElementTree.parse(report_path).getroot()
    except ElementTree.ParseError as error:
        return [f"the JUnit report is not XML: {error}"]
    cases = root.findall(".//testcase")
    if not cases:
        return ["the JUnit report lists no operations: nothing was tested"]
    found = []
    for case in cases:
        name = case.get("name", "?")
        for failure in case.findall("failure"):
            found.append(f"failure in {name}: {failure.get('message') or first_line(failure.text)}")
        for error in case.findall("error"):
            if not is_allowed(error.text):
                found.append(f"error in {name}: {first_line(error.text)}: {summary(error.text)}")
    if exit_code == 1 and not found and not any(allowed_errors(root)):
        found.append("schemathesis exited 1, but its report holds no failure or error")
    return found


def allowed_errors(root):
    """The errors the verdict lets pass, as (operation, title)."""
    for case in root.findall(".//testcase"):
        for error in case.findall("error"):
            if is_allowed(error.text):
                yield case.get("name", "?"), f"{first_line(error.text)} ({first_detail(error.text)[:80]})"


def first_line(text):
    return (text or "").strip().split("\n", 1)[0].strip()


def first_detail(text):
    """The first line after the title, such as 'Connection failed'."""
    lines = [line.strip() for line in (text or "").strip().split("\n")[1:] if line.strip()]
    return lines[0] if lines else ""


def summary(text):
    """The error's first line of detail after the title, such as 'Connection failed'."""
    lines = [line.strip() for line in (text or "").strip().split("\n")[1:] if line.strip()]
    return " / ".join(lines[:2])[:200]


def main(arguments):
    if len(arguments) != 2:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    report_path, exit_code = arguments[0], int(arguments[1])
    found = problems(report_path, exit_code)
    if os.path.exists(report_path):
        try:
            for name, title in allowed_errors(ElementTree.parse(report_path).getroot()):
                print(f"allowed: {title} in {name} (schemathesis's own, not the server's)")
        except ElementTree.ParseError:
            pass
    for problem in found:
        print(problem)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
