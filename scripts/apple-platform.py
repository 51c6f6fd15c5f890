#!/usr/bin/env python3
"""Prepares Apple-only Swift sources for type-checking on Linux as one Apple platform would see them.

    apple-platform.py minimums                     # the package's platforms: "iOS 17", "macOS 14", ...
    apple-platform.py transform PLATFORM SRC DEST  # copies SRC's tree to DEST, resolved for PLATFORM

Swift on Linux treats every `#if os(iOS)` as false and ignores `@available(tvOS, unavailable)`,
so a tvOS build's errors can't be seen there. The transform makes them visible: in `#if` and
`#elseif` lines each `os(NAME)` becomes `true` for PLATFORM and `false` otherwise, and each
`@available` attribute naming Apple platforms (the stand-ins carry Apple's) is replaced, for
PLATFORM, by `@available(*, unavailable, message: "availability gate: ...")` when the declaration
is unavailable there, introduced after the package's minimum, or deprecated at or before it (a
warning in every build for that platform), and dropped otherwise. A call to
such a declaration that isn't behind a matching `#if os(...)` then fails to type-check, with the
message naming the platform. `if #available` blocks aren't understood: code newer than the
minimum must be behind `#if`, or the gate must learn them.
"""
import pathlib
import re
import shutil
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
APPLE = ("iOS", "macOS", "tvOS", "watchOS", "visionOS", "macCatalyst")
CONDITION = re.compile(r"^\s*#(if|elseif)\b")
OS = re.compile(r"\bos\((\w+)\)")
TARGET_ENVIRONMENT = re.compile(r"\btargetEnvironment\(macCatalyst\)")
AVAILABLE = re.compile(r"@available\(([^()]*)\)")


def minimums():
    """The package's minimum version of each declared platform, from Package.swift's `platforms:`."""
    manifest = (ROOT / "Package.swift").read_text()
    found = re.findall(r"\.(iOS|macOS|tvOS|watchOS|visionOS)\(\.v(\d+)(?:_(\d+))?\)", manifest)
    return {name: (int(major), int(minor or 0)) for name, major, minor in found}


def version(text):
    parts = [int(part) for part in text.split(".")]
    return tuple((parts + [0, 0])[:2])


def resolve_available(match, platform, minimum):
    """The attribute for PLATFORM in place of one `@available(...)`, or '' when it doesn't apply."""
    args = [arg.strip() for arg in match.group(1).split(",")]
    first = args[0].split()[0] if args and args[0] else ""
    if first == "*" or first not in APPLE:
        return match.group(0)
    if len(args) > 1 and args[1] == "unavailable":
        if first == platform:
            return f'@available(*, unavailable, message: "availability gate: unavailable on {platform}")'
        return ""
    if len(args) > 1 and args[1].startswith("deprecated"):
        # Deprecated at or before the package's minimum: every build for PLATFORM warns on a use or
        # an override of it, and it does nothing there (the status bar on visionOS), so the gate
        # refuses it too.
        words = args[1].replace(":", " ").split()
        if first == platform and len(words) == 2 and version(words[1]) <= minimum:
            return f'@available(*, unavailable, message: "availability gate: deprecated in {platform} {words[1]}")'
        return ""
    for arg in args:
        words = arg.split()
        if len(words) == 2 and words[0] == platform and version(words[1]) > minimum:
            wanted = f"{minimum[0]}.{minimum[1]}"
            return (f'@available(*, unavailable, message: "availability gate: introduced in {platform} {words[1]}, '
                    f'after the package\'s minimum {platform} {wanted}")')
    return ""


def transform_line(line, platform, minimum):
    if CONDITION.match(line):
        line = OS.sub(lambda m: "true" if m.group(1) == platform else "false", line)
        line = TARGET_ENVIRONMENT.sub("false", line)
    return AVAILABLE.sub(lambda m: resolve_available(m, platform, minimum), line)


def transform(platform, source, destination):
    table = minimums()
    if platform not in table:
        sys.exit(f"apple-platform.py: {platform} is not declared in Package.swift's platforms")
    source, destination = pathlib.Path(source), pathlib.Path(destination)
    if destination.exists():
        shutil.rmtree(destination)
    for path in sorted(source.rglob("*")):
        target = destination / path.relative_to(source)
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        elif path.suffix == ".swift":
            target.parent.mkdir(parents=True, exist_ok=True)
            lines = path.read_text().splitlines(keepends=True)
            target.write_text("".join(transform_line(line, platform, table[platform]) for line in lines))


def main(argv):
    if argv[1:2] == ["minimums"]:
        for name, (major, minor) in minimums().items():
            print(f"{name} {major}.{minor}")
    elif argv[1:2] == ["transform"] and len(argv) == 5:
        transform(argv[2], argv[3], argv[4])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
