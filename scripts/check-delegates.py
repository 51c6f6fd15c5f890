#!/usr/bin/env python3
"""Checks the Objective-C delegate methods the adapters and examples implement against Apple's selectors.

    check-delegates.py SELECTORS SYMBOL_GRAPH...

SELECTORS (Tests/AppleStandIns/ObjCSelectors.txt) lists each protocol's optional methods as
Swift names them. The symbol graphs come from the compiler (scripts/typecheck-apple emits them
for LaunchGateUI and each example, private members included), so every type, conformance and
method is as the compiler sees it, however the source is laid out.

For each type that conforms to a listed protocol, a method is accepted when it is one of the
protocol's selectors, ignored when its name is nothing like any of them (a helper), and refused
when it is close to one without being it: a name that shares a selector's first word or is
within a few letters of one, with other argument labels, or misspelt. A conforming type must
implement at least one selector, so a wholly renamed method is refused too. Exits 1 on any refusal.
"""
import json
import re
import sys


def load_selectors(path):
    selectors = {}
    for line in open(path):
        line = line.split("#", 1)[0].strip()
        if line:
            protocol, method = (part.strip() for part in line.split(":", 1))
            selectors.setdefault(protocol, set()).add(method)
    return selectors


def base(name):
    return name.split("(", 1)[0]


def first_word(name):
    """`presentationControllerDidDismiss` -> `presentation`: the method's leading lowercase word."""
    match = re.match(r"[a-z]+", base(name))
    return match.group(0) if match else ""


def distance(a, b):
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def is_close(method, selectors):
    """The selector `method` looks meant as, the nearest first; `None` when it looks like none."""
    for selector in sorted(selectors, key=lambda selector: distance(base(method), base(selector))):
        if base(method) == base(selector):
            return selector
        if distance(base(method), base(selector)) <= 3:
            return selector
        if len(base(method)) >= 10 and base(method)[:12] == base(selector)[:12]:
            return selector
        if first_word(method) and first_word(method) == first_word(selector) and len(first_word(method)) >= 5:
            return selector
    return None


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    selectors = load_selectors(argv[1])
    failures, checked = [], 0
    for path in argv[2:]:
        graph = json.load(open(path))
        symbols = {symbol["identifier"]["precise"]: symbol for symbol in graph["symbols"]}
        conformances, members = {}, {}
        for relation in graph["relationships"]:
            if relation["kind"] == "conformsTo":
                target = relation.get("targetFallback") or symbols.get(relation["target"], {}).get("names", {}).get("title", "")
                protocol = target.split(".")[-1]
                if protocol in selectors:
                    conformances.setdefault(relation["source"], set()).add(protocol)
            elif relation["kind"] == "memberOf":
                # A protocol's default implementations show up as synthesized members: not the type's own.
                if "::SYNTHESIZED::" in relation["source"]:
                    continue
                member = symbols.get(relation["source"])
                if member and member["kind"]["identifier"] in ("swift.method", "swift.type.method"):
                    members.setdefault(relation["target"], []).append(member["names"]["title"])
        for type_id, protocols in conformances.items():
            type_name = symbols.get(type_id, {}).get("names", {}).get("title", type_id)
            known = set().union(*(selectors[protocol] for protocol in protocols))
            implemented = 0
            for method in members.get(type_id, []):
                if method in known:
                    implemented += 1
                    checked += 1
                    print(f"ok: {type_name}.{method} is {'/'.join(sorted(protocols))}'s")
                elif (meant := is_close(method, known)):
                    failures.append(f"{type_name}.{method} is not a method of {'/'.join(sorted(protocols))}: "
                                    f"UIKit would never call it (did you mean {meant}?)")
            if implemented == 0:
                failures.append(f"{type_name} adopts {'/'.join(sorted(protocols))} but implements none of its methods")
    for failure in failures:
        print(f"FAIL: {failure}")
    if failures:
        return 1
    print(f"check-delegates: {checked} delegate methods, every one a selector of its protocol")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
