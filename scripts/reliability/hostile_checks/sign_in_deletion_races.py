"""Account deletion under load (issue 30, attack s13): concurrent deletes of one account, a flood of
deletes with made-up tokens, create-and-delete loops, and deletes racing a verify of the same
address, on a second server (PostgreSQL under scripts/with-postgres, else SQLite) that is then
restarted on its data."""
import os, random, secrets, subprocess, threading, time
from collections import Counter
from .common import fail, ok, port, short, spawn_server, stop, token
from .sign_in import sign_in_rows
from .sign_in_deletion import (alive, call, database_text, delete, deletions, mail_count, sign_in, user_sessions)
from logged_mail import mailed_code


# Two instances or two taps can send the same delete at once, and an operator can delete the user
# meanwhile: one is the deletion, the others find the account gone (401, or the admin API's 404), and
# the day's count goes up by one, not by the number of requests.
def concurrent_deletes():
    database = os.environ.get("LAUNCHGATE_DATABASE_URL", "")
    email = f"twice-{random.randrange(10**9)}@example.com"
    held = [sign_in(email, f"127.3.{30 + n}.1", f"device-{n}") for n in range(3)]
    if not all(held):
        fail(f"signing {email} in on three devices failed")
        return
    counted, answers, start = deletions(database), [], threading.Barrier(30)

    def send(n):
        start.wait()
        if n == 29:
            answers.append(call("DELETE", f"/v1/admin/apps/demo/users/{held[0]['user']['id']}", headers={"Authorization": f"Bearer {token}"})[0])
        else:
            answers.append(delete(held[n % 3]["session_token"], source=f"127.3.{40 + n % 3}.{n + 1}")[0])

    threads = [threading.Thread(target=send, args=(n,)) for n in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    successes = answers.count(200) + answers.count(204)
    (ok if successes == 1 and set(answers) <= {200, 204, 401, 404} and deletions(database) == counted + 1 else fail)(
        f"29 deletes at once with the three devices' tokens and an operator's answered {dict(Counter(answers))} (one 200 or 204); "
        f"the count went up by "
        f"{deletions(database) - counted} (1)")


# Deletes have no limits of their own (only a session token reaches one): made-up tokens from 20
# sources must all be refused, store nothing, and leave an owner's requests served.
def flood_of_deletes():
    import http.client
    database = os.environ.get("LAUNCHGATE_DATABASE_URL", "")
    owner = sign_in(f"flooded-{random.randrange(10**9)}@example.com", "127.3.50.1")
    if not owner:
        fail("the owner's sign-in failed")
        return
    per_source, answers, served = (50 if short else 200), Counter(), []
    before, _ = sign_in_rows(database)

    def flood(n):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20, source_address=(f"127.3.{51 + n}.1", 0))
        for _ in range(per_source):
            try:
                connection.request("DELETE", "/v1/apps/demo/auth/account", headers={"Authorization": f"Bearer lgs_{secrets.token_urlsafe(32)}"})
                response = connection.getresponse()
                response.read()
                answers[response.status] += 1
            except (OSError, http.client.HTTPException) as error:
                answers[type(error).__name__] += 1
                connection.close()

    threads = [threading.Thread(target=flood, args=(n,)) for n in range(20)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    while any(thread.is_alive() for thread in threads) and time.monotonic() - started < 120:
        served.append(alive(owner["session_token"]))
        time.sleep(0.1)
    for thread in threads:
        thread.join(10)
    after, _ = sign_in_rows(database)
    (ok if dict(answers) == {401: 20 * per_source} and before == after and served and all(served) else fail)(
        f"{sum(answers.values())} deletes with made-up tokens from 20 sources in {time.monotonic() - started:.1f} s answered "
        f"{dict(answers)}; rows {'unchanged' if before == after else f'{before} -> {after}'}; the owner's session was served "
        f"{served.count(True)} of {len(served)} times")


# Sign up, delete, sign up again: each deletion erases the address's own caps (docs/sign-in.md), so
# what bounds the loop is the client's cap on sends (30 per 5 minutes) and its network's on mail to
# the app's addresses (100 an hour), not the address's 3 sends an hour from one network.
def create_delete_loop():
    email, source, answers = f"churn-{random.randrange(10**9)}@example.com", "127.3.70.1", Counter()
    for _ in range(33):
        signed = sign_in(email, source)
        if not signed:
            answers["send or verify refused"] += 1
            continue
        answers[("deleted", delete(signed["session_token"])[0], signed["is_new_user"])] += 1
    (ok if answers == Counter({("deleted", 200, True): 30, "send or verify refused": 3}) else fail)(
        f"33 sign-ups and deletes of one address from one client: {dict(answers)}; the client's 30 sends per 5 minutes "
        f"ended the loop (the address's own caps are erased with each account)")


def race_database():
    """PostgreSQL (a new database in scripts/with-postgres's cluster) when LAUNCHGATE_TEST_POSTGRES_URL is set, else None (SQLite)."""
    cluster = os.environ.get("LAUNCHGATE_TEST_POSTGRES_URL")
    if not cluster:
        return None
    name = f"hostile_deletion_{random.randrange(10**9)}"
    subprocess.run(["psql", cluster, "-At", "-c", f"CREATE DATABASE {name}"], check=True, capture_output=True, timeout=30)
    base, _, query = cluster.partition("?")
    return base.rsplit("/", 1)[0] + "/" + name + (f"?{query}" if query else "")


# A delete racing a verify of the same address from another device (the same person signing in on
# a tablet as they delete on the phone). Either may go first, but the delete must never fail: a 503
# sends the person back to a button that failed. Whatever the order, the verify's session must be gone
# when it signed in to the old account, and no row may name a deleted user; after a restart on the
# same data the deleted tokens stay refused. On PostgreSQL the two took row locks in opposite orders
# (the delete the user's row, then the codes; the verify its code, then the user's row), and
# PostgreSQL ended the delete to break the deadlock: 503 in 6 of 40 runs (attack s13).
def delete_racing_verify():
    database = race_database()
    at, process, admin = spawn_server(database=database)
    try:
        log = os.readlink(f"/proc/{process.pid}/fd/1")
        data = database or os.path.join(os.path.dirname(log), "serve.sqlite")
        answers, problems, deleted_users, deleted_tokens = Counter(), [], [], []
        for trial in range(15 if short else 40):
            email = f"racing-{trial}-{random.randrange(10**9)}@example.com"
            held = sign_in(email, f"127.4.{trial}.1", "phone", at_port=at, log=log)
            before = mail_count(log, email)
            asked = call("POST", "/v1/apps/demo/auth/send-code", f"127.4.{100 + trial}.1", {"email": email}, at_port=at)
            code = mailed_code(log, email, asked[1].get("code_length") if asked[0] == 200 else None, mails=before + 1)
            if not held or not code:
                problems.append(f"trial {trial}: setting up failed")
                continue
            out, start = {}, threading.Barrier(2)

            def deleting():
                start.wait()
                time.sleep(random.random() * 0.004)
                out["delete"] = delete(held["session_token"], at_port=at)

            def verifying():
                start.wait()
                time.sleep(random.random() * 0.004)
                out["verify"] = call("POST", "/v1/apps/demo/auth/verify-code", f"127.4.{100 + trial}.1",
                                     {"email": email, "code": code, "device_id": "tablet"}, at_port=at)

            threads = [threading.Thread(target=deleting), threading.Thread(target=verifying)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(60)
            removed, verified = out.get("delete", (0,))[0], out.get("verify", (0, {}))
            signed = verified[1] if verified[0] == 200 else None
            answers[(removed, verified[0], signed and signed["is_new_user"])] += 1
            if removed != 200:
                problems.append(f"trial {trial}: the delete answered {removed} {out.get('delete', (0, 0, b''))[2][:80]!r}")
                continue
            deleted_users.append(held["user"]["id"])
            deleted_tokens.append(held["session_token"])
            user, _ = user_sessions(email, admin=admin, at_port=at)
            if signed and signed["is_new_user"] is False and (alive(signed["session_token"], at_port=at) or user is not None):
                problems.append(f"trial {trial}: the verify signed in to the old account and its session or user outlived the delete")
            if signed and signed["is_new_user"] is True and (not alive(signed["session_token"], at_port=at) or user != signed["user"]["id"]):
                problems.append(f"trial {trial}: the verify made a new user whose session or row is missing")
        text = database_text(data)
        left = [user for user in deleted_users if user in text]
        (ok if not problems and not left else fail)(
            f"{sum(answers.values())} deletes racing a verify of the same address on {'PostgreSQL' if data.startswith('postgres') else 'SQLite'} "
            f"answered (delete, verify, is_new_user) {dict(answers)}; problems: {problems[:4] or 'none'}"
            f"{f' and {len(problems) - 4} more' if len(problems) > 4 else ''}; deleted users still named in the database: {len(left)}")
        stop(process)
        at, process, _ = spawn_server(database=data)
        refused = [call("GET", "/v1/apps/demo/auth/session", headers={"Authorization": f"Bearer {held}"}, at_port=at)[0] for held in deleted_tokens]
        (ok if refused and set(refused) == {401} else fail)(
            f"after a restart on the same data the {len(refused)} deleted accounts' tokens answered {dict(Counter(refused))} (401)")
    finally:
        stop(process)
