#!/usr/bin/env python3
"""Judges a docc --diagnostics-file for scripts/build-docs: every warning or error fails, except a
symbol link to the core module (``LaunchFlow``, ``LaunchGateTheme/system``) from LaunchGateUI or
LaunchGateTesting, which docc on Linux can't follow across modules (Xcode can, building them
together). Such a link is accepted only when the core's symbol graph has that symbol, so a typo
still fails.

usage: docc-diagnostics.py DIAGNOSTICS.json CORE-SYMBOLS.json
"""
import json
import pathlib
import re
import sys

UNRESOLVED = re.compile(r"^'([^']+)' doesn't exist at '")


def core_paths(symbol_graph):
    """Every symbol path of the core, as a link names it (LaunchFlow/State/app), with and without the module."""
    paths = set()
    for symbol in json.loads(pathlib.Path(symbol_graph).read_text())["symbols"]:
        path = "/".join(symbol["pathComponents"])
        paths |= {path, "LaunchGate/" + path}
    return paths


def link_at(source, line, column):
    """The ``link`` of the source line that covers the column, or None."""
    text = pathlib.Path(source).read_text().split("\n")[line - 1]
    for match in re.finditer(r"``([^`]+)``", text):
        if match.start() <= column - 1 <= match.end():
            return match.group(1)
    return None


def main(diagnostics_file, symbol_graph):
    paths = core_paths(symbol_graph)
    failures, accepted = [], 0
    for diagnostic in json.loads(pathlib.Path(diagnostics_file).read_text())["diagnostics"]:
        if diagnostic["severity"] not in ("warning", "error"):
            continue
        source = (diagnostic.get("source") or "").removeprefix("file://")
        start = (diagnostic.get("range") or {}).get("start")
        where = f"{source}:{start['line']}" if source and start else "(no source)"
        if UNRESOLVED.match(diagnostic["summary"]) and source and start:
            link = link_at(source, start["line"], start["column"])
            # A disambiguation suffix (-swift.struct, -1a2b3, or a parameter type, -(GateAction)) isn't
            # part of the symbol graph's path.
            plain = link and "/".join(re.sub(r"-(\([^()]*\)|[A-Za-z0-9.]+)$", "", part) for part in link.split("/"))
            if plain in paths:
                accepted += 1
                continue
            failures.append(f"{where}: ``{link}`` names nothing in this module or in LaunchGate")
            continue
        failures.append(f"{where}: {diagnostic['severity']}: {diagnostic['summary']}")
    for failure in failures:
        print(failure)
    if failures:
        raise SystemExit(f"docc: {len(failures)} warning(s) or error(s)")
    print(f"no warnings ({accepted} links to LaunchGate's symbols, checked against its symbol graph)")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
