"""Adoption under a flood of made-up versions and installs, from one address and from many."""
import json, os, random, socket, subprocess, threading, time
import urllib.error, urllib.request
from .common import Reader, exchange, fail, launchgate, ok, request, send_from, short, spawn_server


# Issue 27, item 4: a flood of install pings and policy reads under made-up versions and install
# IDs from one address, on a server of its own whose per-client sighting budget is off (as the
# attacked build had none), so the flood reaches the per-client quotas on new installs and groups
# and the shared buffer. Then a real install of the newest release, from another address, must be
# recorded, and a change that blocks nothing the flood sent must publish without confirmation.
def adoption_flood():
    import shutil, tempfile
    seconds, groups_cap, connections = (3, 500, 4) if short else (60, 20000, 16)
    work = tempfile.mkdtemp(prefix="hostile-adoption.")
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    flood_port = probe.getsockname()[1]
    probe.close()
    log_path = os.path.join(work, "serve.log")
    env = dict(os.environ, LAUNCHGATE_DATABASE_URL=os.path.join(work, "flood.sqlite"), LOG_LEVEL="warning")
    with open(log_path, "w") as log:
        server = subprocess.Popen([launchgate, "serve", "--host", "127.0.0.1", "--port", str(flood_port), "--demo",
                                   "--install-sightings-per-client", "0", "--max-install-groups", str(groups_cap)],
                                  stdout=log, stderr=subprocess.STDOUT, env=env, cwd=work)
    try:
        admin = None
        for _ in range(600):
            with open(log_path) as log:
                for line in log:
                    if "Admin token (shown once, stored hashed): " in line:
                        admin = line.split("stored hashed): ", 1)[1].split()[0]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{flood_port}/healthz", timeout=1):
                    if admin:
                        break
            except OSError:
                pass
            if server.poll() is not None:
                break
            time.sleep(0.1)
        if not admin or server.poll() is not None:
            with open(log_path) as log:
                fail(f"the adoption flood's server did not start: {log.read()[-400:]}")
            return

        def call(method, path, body=None, source="127.0.0.1", headers=None):
            payload = json.dumps(body).encode() if body is not None else b""
            head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {admin}\r\n"
            for name, value in (headers or {}).items():
                head += f"{name}: {value}\r\n"
            head += f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n"
            answer = send_from(source, flood_port, head.encode() + payload, seconds=15)
            return (answer[0], json.loads(answer[2] or b"null")) if answer else (None, None)

        def metric(text, name):
            return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if line.startswith(name))

        # The flood: pings and policy reads pipelined 50 at a time on a few connections, each naming a
        # made-up version and install; like the attack, every one would start a group and an install.
        sent, statuses, lock = [0], {}, threading.Lock()
        deadline = time.monotonic() + seconds

        def flooder(index):
            rng = random.Random(index)
            while time.monotonic() < deadline:
                batch = b""
                for _ in range(50):
                    header = (f'version="{rng.randrange(1000)}.{rng.randrange(1000)}.{rng.randrange(1000)}", build="{rng.randrange(10**6)}", '
                              f'platform="ios", os="17.{rng.randrange(10)}", install="flood-{rng.getrandbits(64):x}"')
                    if rng.random() < 0.5:
                        batch += (f"POST /v1/apps/demo/installs/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nLaunchGate-Client: {header}\r\n"
                                  f"Content-Length: 0\r\n\r\n").encode()
                    else:
                        batch += request("/v1/apps/demo/policy?platform=ios", f"LaunchGate-Client: {header}\r\n")
                try:
                    answers = exchange(batch, 50, at_port=flood_port)
                except OSError:
                    continue
                with lock:
                    sent[0] += 50
                    for status, _, _ in answers:
                        statuses[status] = statuses.get(status, 0) + 1

        # Real installs reading the policy from another address during the flood: none may be dropped.
        real_sent = [0]

        def real_reader():
            n = 0
            while time.monotonic() < deadline and n < 40:
                header = f'version="6.5.0", build="650", platform="ios", os="17.4", install="real-reader-{n}"'
                sock = socket.create_connection(("127.0.0.1", flood_port), timeout=5, source_address=("127.0.0.3", 0))
                try:
                    sock.sendall(request("/v1/apps/demo/policy?platform=ios", f"LaunchGate-Client: {header}\r\n"))
                    if (Reader(sock, time.monotonic() + 10).response() or (0,))[0] == 200:
                        real_sent[0] += 1
                finally:
                    sock.close()
                n += 1
                time.sleep(seconds / 40)

        threads = [threading.Thread(target=flooder, args=(i,)) for i in range(connections)] + [threading.Thread(target=real_reader)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(seconds + 30)
        time.sleep(5)  # the recorder folds every 2 s

        # The operator ships 7.0.0, and a real install of it pings from another address.
        document = {"schemaVersion": 1, "app": "demo", "platforms": {"ios": {
            "latest": {"version": "7.0.0", "build": 700}, "updateURL": "https://apps.apple.com/app/id1"}}}
        status, _ = call("PUT", "/v1/admin/apps/demo/policy?confirm=true", document)
        (ok if status in (200, 201) else fail)(f"publishing 7.0.0 after the flood succeeds (got {status})")
        for n in range(5):
            status, _ = call("POST", "/v1/apps/demo/installs/ping", None, "127.0.0.2",
                             {"LaunchGate-Client": f'version="7.0.0", build="700", platform="ios", os="17.4", install="real-7-{n}"'})
        versions = {}
        for _ in range(40):
            time.sleep(0.5)
            status, report = call("GET", "/v1/admin/apps/demo/adoption?platform=ios&days=1&limit=1000")
            versions = {entry["version"]: entry["installs"] for window in (report or {}).get("windows", []) for entry in window.get("versions", [])}
            if versions.get("7.0.0", 0) >= 5 and versions.get("6.5.0", 0) >= real_sent[0]:
                break
        scrape = urllib.request.Request(f"http://127.0.0.1:{flood_port}/metrics", headers={"Authorization": f"Bearer {admin}"})
        with urllib.request.urlopen(scrape, timeout=5) as answer:
            metrics = answer.read().decode()
        capped = {reason: metric(metrics, f'launchgate_install_sightings_capped_total{{reason="{reason}"}}')
                  for reason in ("client", "client-quota", "groups", "installs")}
        dropped = metric(metrics, "launchgate_install_sightings_dropped_total")
        print(f"     flood: {sent[0]} requests in {seconds} s from 127.0.0.1 ({statuses}); {len(versions)} ios versions kept; "
              f"capped {capped}; dropped at the intake buffer (a client's part, or all of it, full) {dropped:.0f}", flush=True)
        (ok if versions.get("7.0.0", 0) >= 5 else fail)(
            f"after the flood, 5 real installs of the newest release (7.0.0) from 127.0.0.2 are recorded (found {versions.get('7.0.0', 0)})")
        (ok if versions.get("6.5.0", 0) >= real_sent[0] > 0 else fail)(
            f"real installs reading the policy from 127.0.0.3 during the flood are all recorded ({versions.get('6.5.0', 0)} of {real_sent[0]})")
        harmless = json.loads(json.dumps(document))
        harmless["platforms"]["ios"]["blocked"] = {"versions": ["0.0.1"]}
        status, body = call("PUT", "/v1/admin/apps/demo/policy", harmless)
        published = status in (200, 201)
        (ok if published else fail)(f"after the flood, blocking 0.0.1 (which nothing runs) publishes without confirmation "
                                    f"(got {status}{'' if published else ': ' + json.dumps(body)[:300]})")
        (ok if len(versions) <= 50 + 10 else fail)(f"one address starts at most its quota of new groups (50 a day): {len(versions)} ios versions kept")
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


# The adoption flood spread over many addresses (issue 27 item 4, re-test): 420 addresses of
# one /24, each within its own quota, filled the app's 20,000 groups; then a real install of an
# unnamed next release (7.0.1, above the policy's 7.0.0) was dropped, and every change to the
# blocked list asked for confirmation. On a second server with a small group cap: one /24's
# addresses together start at most their network's quota (4 clients' worth); two made-up versions
# above latest from 6 networks take the room for the next release, and the release, seen from 10
# networks, takes it from them (review: the first two to qualify kept it); blocking a version
# inside the refused range that nobody sent publishes unconfirmed, and so does raising the minimum
# OS (re-attack F6: it asked for confirmation after a flood).
def adoption_from_many_addresses():
    addresses, per_address, cap = (60, 4, 300) if short else (250, 10, 2000)
    networks = 2 if short else 12
    flood_port, server, admin = spawn_server("--install-sightings-per-client", "0", "--max-install-groups", str(cap))
    try:
        if server.poll() is not None or not admin:
            fail("the second server did not start")
            return

        def send(source, requests):
            try:
                sock = socket.create_connection(("127.0.0.1", flood_port), timeout=10, source_address=(source, 0))
            except OSError:
                return 0
            try:
                sock.sendall(b"".join(requests))
                reader = Reader(sock, time.monotonic() + 15)
                return sum(1 for _ in range(len(requests)) if (reader.response() or (0,))[0] in (200, 204))
            except OSError:
                return 0
            finally:
                sock.close()

        def admin_request(method, path, body=None):
            data = json.dumps(body).encode() if body is not None else None
            call = urllib.request.Request(f"http://127.0.0.1:{flood_port}{path}", data=data, method=method,
                                          headers={"Authorization": f"Bearer {admin}", "Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(call, timeout=15) as answer:
                    return answer.status, json.loads(answer.read() or b"null")
            except urllib.error.HTTPError as error:
                return error.code, json.loads(error.read() or b"null")

        def kept_versions():
            for _ in range(20):
                time.sleep(0.5)
                _, report = admin_request("GET", "/v1/admin/apps/demo/adoption?platform=ios&days=1&limit=1000")
                windows = (report or {}).get("windows", [])
                if windows:
                    versions = {entry["version"]: entry["installs"] for entry in windows[0].get("versions", [])}
                    other = windows[0].get("otherVersions", {}).get("entries", 0)
                    return versions, len(versions) + other
            return {}, 0

        def flood_network(network, rng):
            # Odd patch numbers only, so a version with an even one was never sent.
            sent = 0
            for address in range(1, addresses + 1):
                batch = [request("/v1/apps/demo/policy?platform=ios",
                                 f'LaunchGate-Client: version="{rng.randrange(1, 1000)}.{rng.randrange(100)}.{2 * rng.randrange(500) + 1}", '
                                 f'build="1", platform="ios", os="17.4", install="many-{network}-{address}-{n}"\r\n')
                         for n in range(per_address)]
                sent += send(f"127.{network}.0.{address}", batch)
            return sent

        rng = random.Random(12)
        admin_request("PUT", "/v1/admin/apps/demo/policy?confirm=true", {"schemaVersion": 1, "app": "demo", "platforms": {"ios": {
            "latest": {"version": "7.0.0", "build": 700}, "updateURL": "https://apps.apple.com/app/id1"}}})
        sent = flood_network(40, rng)
        time.sleep(3)  # the recorder folds every 2 s
        _, groups = kept_versions()
        print(f"     {sent} reads from {addresses} addresses of 127.40.0.0/24, {per_address} made-up versions each: {groups} groups kept", flush=True)
        (ok if 0 < groups <= 4 * 50 + 5 else fail)(f"one /24's {addresses} addresses start at most its network's quota of groups (4 x 50): {groups}")
        for network in range(41, 41 + networks):
            flood_network(network, rng)
        # Wide open: the lowest and highest versions a flood could send, refused past the full cap.
        send("127.60.0.1", [request("/v1/apps/demo/policy?platform=ios", f'LaunchGate-Client: version="{v}", build="1", platform="ios", os="17.4", install="edge-{v}"\r\n')
                            for v in ("0.0.1", "99999.0.1")])
        time.sleep(3)
        _, groups = kept_versions()
        (ok if groups >= cap else fail)(f"{networks + 1} networks fill the cap of {cap} groups: {groups}")
        def pings(source, version, build, installs):
            send(source, [f"POST /v1/apps/demo/installs/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n"
                          f'LaunchGate-Client: version="{version}", build="{build}", platform="ios", os="17.4", install="{install}"\r\n\r\n'.encode()
                          for install in installs])

        # Made-up versions above latest from 6 networks, 3 each, with 10 builds per network: they
        # take both places of the room for the next release, one group per network each.
        for v, version in enumerate(("99.0.0", "98.0.0")):
            for network in range(3):
                for build in range(10):
                    pings(f"127.{80 + 3 * v + network}.0.9", version, 900 + build, [f"junk-{version}-{network}-{build}"])
                time.sleep(2.5)  # a fold each, so the networks add up in order
        versions, _ = kept_versions()
        junk = (versions.get("99.0.0", 0), versions.get("98.0.0", 0))
        (ok if all(0 < n <= 3 for n in junk) else fail)(
            f"two made-up versions above latest from 6 networks hold the room, one group per network each (99.0.0, 98.0.0: {junk} installs)")
        # The release shipped before the policy names it, from ten networks, three installs each, as
        # pings: it displaces a made-up version once seen from twice its networks (the sixth).
        for network in range(70, 80):
            pings(f"127.{network}.0.9", "7.0.1", 701, [f"next-{network}-{n}" for n in range(3)])
        time.sleep(3)
        versions, _ = kept_versions()
        (ok if versions.get("7.0.1", 0) >= 5 else fail)(
            f"after the spread flood and the made-up versions above latest, a real install of the unnamed next release (7.0.1) is recorded ({versions.get('7.0.1', 0)} of 30)")
        blocking = {"schemaVersion": 1, "app": "demo", "platforms": {"ios": {
            "latest": {"version": "7.0.0", "build": 700}, "updateURL": "https://apps.apple.com/app/id1", "blocked": {"versions": ["5.5.4"]}}}}
        status, body = admin_request("PUT", "/v1/admin/apps/demo/policy", blocking)
        (ok if status in (200, 201) else fail)(f"blocking 5.5.4 (inside the refused range, never sent) publishes unconfirmed "
                                               f"(got {status}{'' if status in (200, 201) else ': ' + json.dumps(body)[:300]})")
        # Re-attack F6: the minimum OS blocks no install that isn't blocked already, yet it asked.
        blocking["platforms"]["ios"]["latest"]["minimumOS"] = "16.1"
        status, body = admin_request("PUT", "/v1/admin/apps/demo/policy", blocking)
        (ok if status in (200, 201) else fail)(f"raising the minimum OS after the flood publishes unconfirmed "
                                               f"(got {status}{'' if status in (200, 201) else ': ' + json.dumps(body)[:300]})")
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
