"""Account deletion as a hostile client sees it (issue 30, attack s13): `DELETE /v1/apps/{app}/auth/account`
ends every session of the user at once and for good, erases every row of the address, and refuses,
deleting nothing, whatever isn't its own session's token. The races, floods and loops are in
sign_in_deletion_races.py. Sources are 127.3.x.x and 127.4.x.x, /24s no other check uses."""
import http.client, json, os, random, re, sqlite3, subprocess
import urllib.parse
from console_form import post_sign_in_form
from logged_mail import mailed_code, messages
from .common import fail, ok, port, token

SERVE_LOG = os.environ.get("HOSTILE_SERVE_LOG")
DELETED = {"status": "success", "message": "Account deleted."}


def call(method, path, source="127.3.0.1", fields=None, headers=None, at_port=None, body=None):
    """One request from `source`: (status, parsed body or the bytes, the body's bytes)."""
    connection = http.client.HTTPConnection("127.0.0.1", at_port or port, timeout=20, source_address=(source, 0))
    try:
        sent = dict(headers or {})
        if fields is not None:
            body = json.dumps(fields)
            sent["Content-Type"] = "application/json"
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        raw = response.read()
        try:
            return response.status, json.loads(raw), raw
        except ValueError:
            return response.status, raw, raw
    finally:
        connection.close()


def raw_request(text, at_port=None):
    """A request written by hand (doubled headers): the status of its answer, or 0."""
    import socket
    with socket.create_connection(("127.0.0.1", at_port or port), timeout=10) as sock:
        sock.sendall(text.encode())
        head = sock.recv(65536).split(b"\r\n", 1)[0].split()
        return int(head[1]) if len(head) > 1 and head[1].isdigit() else 0


def mail_count(log, email):
    with open(log, encoding="utf-8", errors="replace") as handle:
        return sum(1 for headers, _ in messages(handle.read()) if headers.get("To") == email)


def sign_in(email, source, device="d1", app="demo", at_port=None, log=None):
    """Sends a code from `source`, reads it from the log and verifies it: the verify's answer, or None."""
    log = log or SERVE_LOG
    before = mail_count(log, email)
    sent = call("POST", f"/v1/apps/{app}/auth/send-code", source, {"email": email}, at_port=at_port)
    if sent[0] != 200:
        return None
    code = mailed_code(log, email, sent[1].get("code_length"), mails=before + 1)
    verified = call("POST", f"/v1/apps/{app}/auth/verify-code", source, {"email": email, "code": code, "device_id": device}, at_port=at_port)
    return verified[1] if verified[0] == 200 else None


def bearer(session_token, device=None):
    headers = {"Authorization": f"Bearer {session_token}"}
    if device:
        headers["LaunchGate-Device-ID"] = device
    return headers


def delete(session_token, app="demo", device=None, at_port=None, source="127.3.0.1"):
    return call("DELETE", f"/v1/apps/{app}/auth/account", source, headers=bearer(session_token, device), at_port=at_port)


def alive(session_token, app="demo", at_port=None):
    return call("GET", f"/v1/apps/{app}/auth/session", headers=bearer(session_token), at_port=at_port)[0] == 200


def new_app(admin=None, at_port=None):
    """Another app on the server, for tokens of another app and one address in two apps."""
    app = f"deletion-{random.randrange(10**9)}"
    created = call("POST", "/v1/admin/apps", fields={"id": app}, headers={"Authorization": f"Bearer {admin or token}"}, at_port=at_port)
    return app if created[0] == 201 else None


def database_text(database):
    """Every row of the database as text, one row a line: SQLite's dump, or pg_dump's data."""
    if database.startswith("postgres"):
        dump = next((f"/usr/lib/postgresql/{v}/bin/pg_dump" for v in sorted(os.listdir("/usr/lib/postgresql"), reverse=True)
                     if os.path.exists(f"/usr/lib/postgresql/{v}/bin/pg_dump")), "pg_dump") if os.path.isdir("/usr/lib/postgresql") else "pg_dump"
        return subprocess.run([dump, "--data-only", "--inserts", database], capture_output=True, text=True, check=True, timeout=60).stdout
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        return "\n".join(connection.iterdump())


def deletions(database):
    """The deletions the database has counted, every app and day together."""
    query = "SELECT COALESCE(SUM(deletions), 0) FROM sign_in_deletions"
    if database.startswith("postgres"):
        return int(subprocess.run(["psql", database, "-At", "-c", query], capture_output=True, text=True, timeout=30).stdout.strip() or -1)
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        return connection.execute(query).fetchone()[0]


def user_sessions(email, app="demo", admin=None, at_port=None):
    """The user's ID and its sessions' IDs, from the admin API."""
    answer = call("GET", f"/v1/admin/apps/{app}/users/{urllib.parse.quote(email, safe='')}",
                  headers={"Authorization": f"Bearer {admin or token}"}, at_port=at_port)
    if answer[0] != 200:
        return None, []
    return answer[1]["user"]["id"], [session["id"] for session in answer[1]["sessions"]]


def console_users_page(after, app="demo"):
    """The console's users page of `app` from the address after `after` on, read by a new read-only
    operator who signs in from 127.3.99.x: its text, or ''."""
    operator = f"deletion-ops-{random.randrange(10**9)}@example.com"
    if call("POST", "/v1/admin/operators", fields={"email": operator, "scope": "read"}, headers={"Authorization": f"Bearer {token}"})[0] != 201:
        return ""
    before = mail_count(SERVE_LOG, operator)
    post_sign_in_form(port, "127.3.99.1", "email", {"email": operator})
    code = mailed_code(SERVE_LOG, operator, mails=before + 1)
    _, cookies = post_sign_in_form(port, "127.3.99.1", "code", {"email": operator, "code": code or ""}, with_cookies=True)
    if "lgc_session" not in cookies:
        return ""
    page = call("GET", f"/console/apps/{app}/users?after={urllib.parse.quote(after, safe='')}", "127.3.99.1", headers={"Cookie": f"lgc_session={cookies['lgc_session']}"})
    return page[2].decode() if page[0] == 200 else ""


# A user signed in on two devices, from two /24s, and a third /24 asked for a code it never used.
# The delete must end both sessions at once (401 from `session`, `sign-out` and a second delete),
# make the unused code useless, count one deletion, and leave the address to sign up again as a new user.
# The console's users page then lists the address once (the new user), never the old user's ID, and counts the deletion.
def every_session_ends():
    database = os.environ.get("LAUNCHGATE_DATABASE_URL", "")
    run = random.randrange(10**9)
    email = f"leaving-{run}@example.com"
    first, second = sign_in(email, "127.3.1.1", "phone"), sign_in(email, "127.3.2.1", "tablet")
    before = mail_count(SERVE_LOG, email)
    asked = call("POST", "/v1/apps/demo/auth/send-code", "127.3.3.1", {"email": email})
    unused = mailed_code(SERVE_LOG, email, asked[1].get("code_length") if asked[0] == 200 else None, mails=before + 1)
    if not first or not second or not unused:
        fail(f"signing {email} in on two devices and mailing a third code failed ({bool(first)}, {bool(second)}, {unused})")
        return
    counted = deletions(database)
    answer = delete(first["session_token"], device="phone")
    statuses = [call(method, f"/v1/apps/demo/auth/{path}", headers=bearer(held["session_token"]))[0]
                for held in (first, second) for method, path in (("GET", "session"), ("POST", "sign-out"), ("DELETE", "account"))]
    replay = call("POST", "/v1/apps/demo/auth/verify-code", "127.3.3.1", {"email": email, "code": unused, "device_id": "laptop"})
    again = sign_in(email, "127.3.4.1", "phone")
    counted_after = deletions(database)
    page = console_users_page(after=email.split('@')[0])
    shown = re.search(r"(\d+) accounts? deleted in the last 30 days", page)
    (ok if answer[:2] == (200, DELETED) and statuses == [401] * 6 else fail)(
        f"a delete answered {answer[0]} {answer[2][:60]!r}; then both devices' tokens got {statuses} from session, sign-out and delete (401 each)")
    (ok if replay[0] == 400 and isinstance(replay[1], dict) and replay[1].get("error") == "invalid_code" else fail)(
        f"a code mailed to a third /24 before the delete then answered {replay[0]} {replay[2][:60]!r} (invalid_code)")
    (ok if again and again["is_new_user"] is True and again["user"]["id"] != first["user"]["id"] and counted_after == counted + 1 else fail)(
        f"signing in again made a new user (is_new_user {again and again['is_new_user']}, {again and again['user']['id']} after "
        f"{first['user']['id']}); the deletions counted went {counted} -> {counted_after} (one more)")
    (ok if page.count(email) == 1 and first["user"]["id"] not in page and shown and int(shown.group(1)) == counted_after else fail)(
        f"the console's users page names the address {page.count(email)} time(s) (once, the new user), the old ID "
        f"{page.count(first['user']['id'])} times, and counts {shown and shown.group(1)} deletions ({counted_after})")


# Every kind of row an address gets: sessions on two devices, a known network, a wrong guess from
# another /24 (its failure count, its share of the guesses), a third /24's unused code and its mail,
# and the address's caps and room. After the delete no line of the database's dump may name the
# address, the old user's ID or its sessions' IDs, except the same address's rows in another app,
# which must stay, as must another address's in this app.
def nothing_remains():
    database = os.environ.get("LAUNCHGATE_DATABASE_URL", "")
    run = random.randrange(10**9)
    email, neighbour, other = f"erased-{run}@example.com", f"neighbour-{run}@example.com", new_app()
    held = sign_in(email, "127.3.10.1", "phone")
    sign_in(email, "127.3.14.1", "tablet")
    call("POST", "/v1/apps/demo/auth/send-code", "127.3.11.1", {"email": email})
    call("POST", "/v1/apps/demo/auth/verify-code", "127.3.11.1", {"email": email, "code": "0" * 6, "device_id": "x"})
    call("POST", "/v1/apps/demo/auth/verify-code", "127.3.13.1", {"email": email, "code": "0" * 6, "device_id": "x"})
    call("POST", "/v1/apps/demo/auth/send-code", "127.3.12.1", {"email": email})
    kept = sign_in(email, "127.3.10.1", "phone", app=other) if other else None
    near = sign_in(neighbour, "127.3.10.1", "phone")
    user, sessions = user_sessions(email)
    if not held or not kept or not near or not user or len(sessions) != 2:
        fail(f"setting up {email}'s rows failed (session {bool(held)}, another app's {bool(kept)}, a neighbour's {bool(near)}, "
             f"user {user}, sessions {sessions})")
        return
    before = [line for line in database_text(database).splitlines() if email in line]
    answer = delete(held["session_token"])
    names = [email, user, *sessions]
    left = [line for line in database_text(database).splitlines()
            if any(name in line for name in names) and other not in line]
    (ok if answer[0] == 200 and len(before) >= 8 and not left else fail)(
        f"the delete ({answer[0]}) erased the {len(before)} rows naming the address (sessions, codes, mail, limits, known network, "
        f"failures); rows left naming it, the user or its sessions: {len(left)} {[line[:120] for line in left[:3]]}")
    (ok if alive(kept["session_token"], app=other) and alive(near["session_token"]) else fail)(
        f"the same address's session in another app ({alive(kept['session_token'], app=other)}) and another address's "
        f"({alive(near['session_token'])}) still work")


# Whatever isn't a live session's own token, on the account's own path with one Authorization and at
# most one device header, deletes nothing: another app's token, a signed-out session's, a token on another app's path,
# another device's header, doubled headers, other schemes and places for the token, other methods,
# the seed's paths and a body past 4 KiB. Every refusal of a token answers the same bytes but the
# request ID, so an answer tells nothing about whose token it was.
def refusals_delete_nothing():
    database = os.environ.get("LAUNCHGATE_DATABASE_URL", "")
    run, other = random.randrange(10**9), new_app()
    email = f"refused-{run}@example.com"
    mine, theirs = sign_in(email, "127.3.20.1", "phone"), sign_in(email, "127.3.20.1", "phone", app=other) if other else None
    ended = sign_in(email, "127.3.21.1", "tablet")
    if not mine or not theirs or not ended:
        fail(f"signing {email} in to two apps and on a second device failed ({bool(mine)}, {bool(theirs)}, {bool(ended)})")
        return
    call("POST", "/v1/apps/demo/auth/sign-out", headers=bearer(ended["session_token"]))
    token_, path, counted = mine["session_token"], "/v1/apps/demo/auth/account", deletions(database)
    answers = {
        "another app's token": delete(theirs["session_token"]),
        "a signed-out session's": delete(ended["session_token"]),
        "on another app's path": delete(token_, app=other),
        "another device's header": delete(token_, device="laptop"),
        "an empty device header": call("DELETE", path, headers={**bearer(token_), "LaunchGate-Device-ID": ""}),
        "Basic": call("DELETE", path, headers={"Authorization": f"Basic {token_}"}),
        "a comma after it": call("DELETE", path, headers={"Authorization": f"Bearer {token_}, Basic x"}),
        "in the query": call("DELETE", f"{path}?token={token_}"),
        "in a cookie": call("DELETE", path, headers={"Cookie": f"session={token_}"}),
        "no token": call("DELETE", path),
        "made up": delete("lgs_" + "A" * 43),
    }
    statuses = {name: answer[0] for name, answer in answers.items()}
    bodies = {answer[2] for answer in answers.values()}
    doubled = {
        "a bad Authorization, then the token": raw_request(f"DELETE {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer lgs_x\r\n"
                                                           f"Authorization: Bearer {token_}\r\n\r\n"),
        "the token, then a bad Authorization": raw_request(f"DELETE {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token_}\r\n"
                                                           f"Authorization: Bearer lgs_x\r\n\r\n"),
        "another device, then its own": raw_request(f"DELETE {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token_}\r\n"
                                                    "LaunchGate-Device-ID: laptop\r\nLaunchGate-Device-ID: phone\r\n\r\n"),
        "its own device, then another": raw_request(f"DELETE {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token_}\r\n"
                                                    "LaunchGate-Device-ID: phone\r\nLaunchGate-Device-ID: laptop\r\n\r\n"),
    }
    others = {method: call(method, path, headers=bearer(token_))[0] for method in ("GET", "POST", "PUT", "PATCH", "OPTIONS")}
    others["the seed's /api/auth/account"] = call("DELETE", "/api/auth/account", headers=bearer(token_))[0]
    others["/v1/apps/demo/auth/ACCOUNT"] = call("DELETE", "/v1/apps/demo/auth/ACCOUNT", headers=bearer(token_))[0]
    others["a 5,000-byte body"] = call("DELETE", path, headers=bearer(token_), body=b"x" * 5000)[0]
    unknown = delete(token_, app=f"nobody-{run}")[0]
    still = alive(token_) and alive(theirs["session_token"], app=other)
    (ok if set(statuses.values()) == {401} and len(bodies) == 1 else fail)(
        f"tokens refused: {statuses}, with {len(bodies)} distinct bodies (one)")
    (ok if set(doubled.values()) == {401} else fail)(f"doubled headers refused: {doubled}")
    (ok if set(others.values()) <= {400, 404, 405, 413} and others["a 5,000-byte body"] in (400, 413) and unknown == 404 else fail)(
        f"other methods and paths: {others}; an unknown app: {unknown}")
    (ok if still and deletions(database) == counted else fail)(
        f"after them both apps' sessions still work ({still}) and no deletion was counted ({deletions(database) - counted})")
