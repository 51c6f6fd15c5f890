#!/usr/bin/env python3
"""Hostile clients against a running `launchgate serve`, for scripts/reliability/hostile.

Usage: hostile.py PORT SERVER_PID ADMIN_TOKEN PUBLIC_KEY LAUNCHGATE_BIN [--short] [--timeouts IDLE HEADER]

Every loop is bounded in count and in time. Prints one line per check ("ok   ..." or
"FAIL ..."), and exits 1 when any check failed. HOSTILE_ONLY=<part of a check's name> runs the
checks whose names hold it.

The checks live in hostile_checks/, one module per family (slow clients, connection caps, input
in requests, policy reads, sign-in, account deletion, adoption, webhooks, the prompt funnel), and share hostile_checks/common.py: the arguments
above, ok/fail, raw requests and a deadline-bound reader, connections from a chosen loopback
address, and second servers. A new check is a function in its family's module and a line in
`checks` below, which sets the order they run in.
"""
import os, sys

from hostile_checks import (adoption, adoption_room, connection_caps, connection_churn, funnel, http_input, policy_reads, sign_in, sign_in_console,
                            sign_in_deletion, sign_in_deletion_races, sign_in_outbox, sign_in_room, slow_clients, webhook_receivers, webhooks)
from hostile_checks.common import fail, failures, server_pid

checks = [
    ("never-reading pipeliner", slow_clients.never_reads),
    ("slowloris and idle sockets", slow_clients.slow_and_idle),
    ("odd methods pipelined", http_input.odd_methods_in_order),
    ("long and random URLs", http_input.long_and_random_urls),
    ("random app names", policy_reads.random_app_names),
    ("replayed signed documents", policy_reads.replayed_documents),
    ("upgrades then streams", http_input.upgrade_streams),
    ("/check from thin clients", policy_reads.check_endpoint),
    ("bytes past a closing request", http_input.past_close),
    ("forged text and hidden hosts", http_input.forged_text_and_hosts),
    ("HTTP framing", http_input.http_framing),
    ("wrong codes to nobody", sign_in.wrong_codes_to_nobody),
    ("sign-in guesses from another network", sign_in.guesses_from_another_network),
    ("sign-in sends from another network", sign_in.sends_from_another_network),
    ("console sign-in from another network", sign_in_console.console_from_another_network),
    ("console sign-in: the operator's room for short codes", sign_in_console.console_room),
    ("sign-in codes per network", sign_in.codes_per_network),
    ("sign-in mail per network", sign_in.mail_per_network),
    ("sign-in: a returning owner under F3", sign_in_room.returning_owner_under_f3),
    ("sign-in: a newcomer after S1's attack", sign_in_room.newcomer_after_s1),
    ("sign-in: the seed's paths after A3's attack", sign_in_room.seed_paths_after_a3),
    ("sign-in: guesses past the address's cap store nothing", sign_in_room.guesses_past_the_cap),
    ("sign-in: the owner's mail behind a flood from one network", sign_in_outbox.owner_mail_behind_a_flood),
    ("sign-in: the owner's mail before later networks' mail", sign_in_outbox.owner_mail_before_later_networks),
    ("account deletion: every session ends", sign_in_deletion.every_session_ends),
    ("account deletion: nothing remains", sign_in_deletion.nothing_remains),
    ("account deletion: refusals delete nothing", sign_in_deletion.refusals_delete_nothing),
    ("account deletion: concurrent deletes count once", sign_in_deletion_races.concurrent_deletes),
    ("account deletion: a flood of made-up tokens", sign_in_deletion_races.flood_of_deletes),
    ("account deletion: sign-up and delete loops", sign_in_deletion_races.create_delete_loop),
    ("account deletion: a delete racing a verify, and a restart", sign_in_deletion_races.delete_racing_verify),
    ("adoption under a flood", adoption.adoption_flood),
    ("adoption under a flood from many addresses", adoption.adoption_from_many_addresses),
    ("adoption: the next release among made-up candidates", adoption_room.next_release_among_junk),
    ("adoption: the next release among made-up candidates from two networks", adoption_room.next_release_among_junk_from_two_networks),
    ("one address floods", connection_caps.one_address_floods),
    ("never-reading pipeliners at the cap", slow_clients.stalled_pipeliners),
    ("/metrics without a token", http_input.metrics_need_token),
    ("connections: many addresses fill the cap", connection_caps.many_addresses_fill_the_cap),
    ("connections: a quiet client under a reconnecting crowd", connection_churn.quiet_client_under_churn),
    ("connections: X-Forwarded-For buckets", connection_caps.forwarded_for_buckets),
    ("connections: slow readers", slow_clients.slow_readers),
    ("webhooks: private addresses refused at add", webhooks.ssrf_literals_at_add),
    ("webhooks: disguised loopback refused at add", webhooks.ssrf_disguised_at_add),
    ("webhooks: disguised loopback refused at delivery", webhooks.ssrf_disguised_at_delivery),
    ("webhooks: replays, redelivery and secrets", webhook_receivers.replay_and_secrets),
    ("webhooks: floods and misbehaving receivers", webhook_receivers.floods_and_bad_receivers),
    ("webhooks: a healthy endpoint behind stalled ones", webhook_receivers.good_endpoint_behind_a_stalled_one),
    ("webhooks: two instances send each event once", webhook_receivers.two_instances_send_once),
    ("funnel: made-up numbers", funnel.made_up_numbers),
    ("funnel: caps and repeated pings", funnel.caps_and_repeats),
    ("funnel: made-up revisions without counts", funnel.unknown_revision_without_counts),
    ("funnel: a body declared at 1 GB", funnel.declared_gigabyte),
    ("funnel: a flood from many installs and addresses", funnel.flood),
]
only = os.environ.get("HOSTILE_ONLY")
for name, run in checks:
    if only and only not in name:
        continue
    print(f"--- {name}", flush=True)
    try:
        run()
    except Exception as error:  # a crashed check is a failed check, and the others still run
        fail(f"{name}: {type(error).__name__}: {error}")
    try:
        os.kill(server_pid, 0)
    except OSError:
        fail(f"the server died during '{name}'")
        break
sys.exit(1 if failures else 0)
