#!/usr/bin/env python3
"""Checks the prose around the code, for ./scripts/test:

- every relative link in README.md, CHANGELOG.md, docs/, deploy/ and the DocC articles names a
  file or folder that exists, and its #anchor a heading of that Markdown file (GitHub's slugs);
  links to this repository on GitHub (…/launchgate/launchgate/blob/main/PATH#anchor, as in the
  systemd unit's Documentation=) are checked the same way; every image (![…](path) or
  <img src="path">) names a file that exists;
- every number of languages stated there, and in scripts/ and the sources' doc comments, is the
  number of languages the SDK ships: English plus one JSON file per language in
  Sources/LaunchGate/Resources/Strings;
- the platforms the README, the changelog and the "Adding LaunchGate" article state are the ones
  Package.swift declares, with the same minimums;
- the published documentation (the README, docs/, the DocC articles and the `///` comments of the
  SDK's sources) names the formats it speaks of (`/api/version`, VersionLockout, version.json, …),
  never the design documents' internal numbers ("seed 003").

usage: check-docs.py [--self-test]   (from anywhere; paths are the repository's)

--self-test writes a throwaway tree with a broken link, a broken anchor and a wrong count, and
fails unless each one is reported.
"""
import pathlib
import re
import sys
import tempfile

LINK = re.compile(r"(?<!!)\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|<(https?://[^>]+)>|(https://github\.com/launchgate/launchgate[^\s)\"'>`]*)")
REPOSITORY = re.compile(r"^https://github\.com/launchgate/launchgate(?:/?|/?(#.*)|/(?:blob|tree)/main/(.*))$")
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|<img\b[^>]*\bsrc=\"([^\"]+)\"")
FENCE = re.compile(r"^\s*(```|~~~)")
# "42 languages", "English and 41 other languages", "41 translations"; not limits ("at most 100 languages").
# The words may be split across lines, of Markdown or of a comment.
SEPARATOR = r"(?:\s|///|//|#)+"
COUNT = re.compile(rf"(?<!at most )\b(\d+){SEPARATOR}(other{SEPARATOR}languages|languages|translations)\b")


def slug(heading):
    """GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`([^`]*)`", r"\1", heading.strip())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    """Every anchor a Markdown file has, duplicates numbered as GitHub does (-1, -2, …)."""
    if path not in cache:
        seen, found, fenced = {}, set(), False
        for line in path.read_text().split("\n"):
            if FENCE.match(line):
                fenced = not fenced
                continue
            match = None if fenced else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if match:
                base = slug(match.group(1))
                n = seen.get(base, 0)
                seen[base] = n + 1
                found.add(base if n == 0 else f"{base}-{n}")
        cache[path] = found
    return cache[path]


def prose_lines(path):
    """(line number, text) outside fenced code in Markdown; every line elsewhere."""
    fenced = False
    markdown = path.suffix == ".md"
    for number, line in enumerate(path.read_text().split("\n"), start=1):
        if markdown and FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def check_links(root, files):
    problems = []
    for path in files:
        for number, line in prose_lines(path):
            line = re.sub(r"`[^`]*`", "", line) if path.suffix == ".md" else line
            for match in LINK.finditer(line):
                target = next(g for g in match.groups() if g)
                base = path.parent
                repository = REPOSITORY.match(target)
                if repository:
                    target, base = repository.group(2) or "README.md" + (repository.group(1) or ""), root
                elif re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue  # another site, mailto:, doc: — not checkable here
                file, _, anchor = target.partition("#")
                resolved = (base / file).resolve() if file else path.resolve()
                where = f"{path.relative_to(root)}:{number}"
                if not resolved.exists():
                    problems.append(f"{where}: {target} names no file")
                elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
                    problems.append(f"{where}: {target}: no heading has the anchor #{anchor}")
                elif not str(resolved).startswith(str(root.resolve())):
                    problems.append(f"{where}: {target} leaves the repository")
            for match in IMAGE.finditer(line):
                target = next(g for g in match.groups() if g)
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue
                if not (path.parent / target).resolve().is_file():
                    problems.append(f"{path.relative_to(root)}:{number}: image {target} names no file")
    return problems


def check_counts(root, files):
    strings = root / "Sources/LaunchGate/Resources/Strings"
    others = len(list(strings.glob("*.json")))
    expected = {"languages": others + 1, "other languages": others, "translations": others}
    problems = []
    for path in files:
        text = path.read_text()
        for match in COUNT.finditer(text):
            number = text.count("\n", 0, match.start()) + 1
            kind = "other languages" if match.group(2).startswith("other") else match.group(2)
            if int(match.group(1)) != expected[kind]:
                stated = re.sub(SEPARATOR, " ", match.group(0))
                problems.append(f"{path.relative_to(root)}:{number}: says \"{stated}\", but the SDK ships "
                                f"{expected[kind]} {kind} (English and {others} in {strings.relative_to(root)})")
    return problems


def check_spi(root):
    """The Swift Package Index builds the documentation of .spi.yml's targets: each must be a
    product of the root package, or the index's build fails where nobody here sees it."""
    spi = root / ".spi.yml"
    if not spi.exists():
        return []
    package = (root / "Package.swift").read_text()
    products = set(re.findall(r'\.library\(\s*name:\s*"([^"]+)"', package))
    problems = []
    for listed in re.findall(r'documentation_targets:\s*\[([^\]]*)\]', spi.read_text()):
        for target in [t.strip().strip('"\'') for t in listed.split(",") if t.strip()]:
            if target not in products:
                problems.append(f".spi.yml: documentation target {target} is not a library of Package.swift ({sorted(products)})")
    if not products:
        problems.append(".spi.yml: no library products found in Package.swift; update this check")
    return problems


PLATFORM_NAMES = {"iOS": "iOS", "macOS": "macOS", "tvOS": "tvOS", "watchOS": "watchOS", "visionOS": "visionOS", "macCatalyst": "Mac Catalyst"}
# Where a file states the platforms: the README's "**Platforms:**", the changelog's "- Platforms:",
# the article's "The package builds for". The statement runs to the end of its sentence.
PLATFORM_STATEMENT = re.compile(r"(?:\*\*Platforms:\*\*|^- Platforms:|The package builds for)(.*?)\.(?:\s|$)", re.S | re.M)
PLATFORM_FILES = ["README.md", "CHANGELOG.md", "Sources/LaunchGate/LaunchGate.docc/AddingLaunchGate.md"]


def declared_platforms(package):
    """{name: minimum} from Package.swift's `platforms:`, as `.iOS(.v17)` or `.macOS(.v10_15)`."""
    match = re.search(r"platforms:\s*\[([^\]]*)\]", package)
    found = re.findall(r"\.(\w+)\(\.v(\d+(?:_\d+)*)\)", match.group(1) if match else "")
    return {PLATFORM_NAMES.get(name, name): version.replace("_", ".") for name, version in found}


def check_platforms(root):
    package = root / "Package.swift"
    if not package.exists():
        return []
    declared = declared_platforms(package.read_text())
    problems = [] if declared else ["Package.swift: no platforms: [.iOS(.vNN), …] found; update check_platforms"]
    names = "|".join(re.escape(n) for n in PLATFORM_NAMES.values())
    for relative in PLATFORM_FILES:
        path = root / relative
        if not path.exists():
            continue
        statement = PLATFORM_STATEMENT.search(path.read_text())
        if not statement:
            problems.append(f"{relative}: states no platforms (\"**Platforms:**\", \"- Platforms:\" or \"The package builds for\")")
            continue
        stated = {name: version for name, version in re.findall(rf"\b({names}) (\d+(?:\.\d+)*)", statement.group(1))}
        if stated != declared:
            line = path.read_text().count("\n", 0, statement.start()) + 1
            show = lambda d: ", ".join(f"{k} {v}" for k, v in sorted(d.items())) or "none"
            problems.append(f"{relative}:{line}: states {show(stated)}, but Package.swift declares {show(declared)}")
    return problems


# "seed 003", "seeds 000 to 004", "Seed 002's": the design documents' numbers, which users never see.
SEED_NUMBER = re.compile(r"\b[Ss]eeds?\s+0\d\d\b")


def check_seed_numbers(root, files):
    problems = []
    for path in files:
        # The CLI's help is read by users as much as a doc comment is: every line but a // comment.
        cli = path.parent.name == "launchgate" and path.suffix == ".swift"
        swift = path.suffix == ".swift"
        for number, line in enumerate(path.read_text().split("\n"), start=1):
            stripped = line.lstrip()
            if swift and not stripped.startswith("///") and (not cli or stripped.startswith("//")):
                continue
            match = SEED_NUMBER.search(line)
            if match:
                problems.append(f"{path.relative_to(root)}:{number}: says \"{match.group(0)}\"; name the format instead "
                                f"(/api/version, min_supported_version_<platform>, the /api/auth sign-in, VersionLockout, version.json)")
    return problems


def run(root):
    markdown = [root / "README.md", root / "CHANGELOG.md", root / "conformance/README.md"]
    markdown += sorted((root / "docs").rglob("*.md")) + sorted(root.glob("Sources/*/*.docc/*.md"))
    deploy = sorted(p for p in (root / "deploy").glob("*") if p.is_file())
    linked = [p for p in markdown + deploy if p.exists()]
    counted = linked + sorted((root / "scripts").glob("*")) + sorted((root / "Sources").rglob("*.swift"))
    counted = [p for p in counted if p.is_file() and p.name != "check-docs.py"]
    published = [p for p in linked if p.suffix == ".md"] + sorted(
        p for target in ["LaunchGate", "LaunchGateUI", "LaunchGateTesting"] for p in (root / "Sources" / target).rglob("*.swift"))
    # What the server shows: the API description it serves at /openapi.yaml and the CLI's help.
    published += [p for p in [root / "Server/Sources/LaunchGateServer/Resources/openapi.yaml"] if p.exists()]
    published += sorted((root / "Server/Sources/launchgate").glob("*.swift"))
    problems = check_links(root, linked) + check_counts(root, counted) + check_spi(root)
    problems += check_platforms(root) + check_seed_numbers(root, published)
    return problems, len(linked)


def self_test():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / "docs").mkdir()
        (root / "deploy").mkdir()
        (root / "Sources/LaunchGate/Resources/Strings").mkdir(parents=True)
        for language in ["fr", "de"]:
            (root / f"Sources/LaunchGate/Resources/Strings/{language}.json").write_text("{}")
        (root / "README.md").write_text("# Title\n\n## Running it\n\n[ok](docs/a.md#the-part) [ok](#running-it)\n"
                                        "[missing](docs/nothing.md) [anchor](docs/a.md#no-such-part)\n"
                                        "In 3 languages, English and 2 other\nlanguages.\n")
        (root / "CHANGELOG.md").write_text("[log](https://github.com/launchgate/launchgate/commits/main) In 4\nlanguages.\n")
        (root / "docs/a.md").write_text("# A\n\n## The part\n\n```\n# not a heading\n```\n[back](../README.md#running-it)\n"
                                        "[fenced](#not-a-heading)\n![a screen](a.md) ![gone](screens/gone.png)\n"
                                        '<img src="screens/lost.png" alt="lost">\n')
        (root / "deploy/unit.service").write_text("Documentation=https://github.com/launchgate/launchgate/blob/main/docs/gone.md\n")
        (root / "Package.swift").write_text("let package = Package(platforms: [.iOS(.v17), .macOS(.v14)])\n")
        with open(root / "README.md", "a") as readme:
            readme.write("**Platforms:** iOS 17, macOS 14 and tvOS 17, or later.\nAs seed 003 says.\n")
        with open(root / "CHANGELOG.md", "a") as changelog:
            changelog.write("- Platforms: iOS 17 and macOS 14, or later.\n")
        (root / "Sources/LaunchGate/Thing.swift").write_text("/// Read as seeds 000 to 004 do.\nlet x = 1 // seed 001, not documentation\n")
        (root / "Server/Sources/launchgate").mkdir(parents=True)
        (root / "Server/Sources/launchgate/Export.swift").write_text("// seed 001, a comment\n    version.json   seed 004\n")
        (root / "Server/Sources/LaunchGateServer/Resources").mkdir(parents=True)
        (root / "Server/Sources/LaunchGateServer/Resources/openapi.yaml").write_text("paths:\n  summary: Seed 000's answer.\n")
        problems, _ = run(root)
        wanted = ["README.md:6: docs/nothing.md names no file", "README.md:6: docs/a.md#no-such-part: no heading",
                  "docs/a.md:9: #not-a-heading: no heading", "docs/a.md:10: image screens/gone.png names no file",
                  "docs/a.md:11: image screens/lost.png names no file", "deploy/unit.service:1: docs/gone.md names no file",
                  "CHANGELOG.md:1: says \"4 languages\"", "README.md:9: states iOS 17, macOS 14, tvOS 17, but Package.swift declares",
                  "README.md:10: says \"seed 003\"", "Sources/LaunchGate/Thing.swift:1: says \"seeds 000\"",
                  "Server/Sources/launchgate/Export.swift:2: says \"seed 004\"",
                  "Server/Sources/LaunchGateServer/Resources/openapi.yaml:2: says \"Seed 000\""]
        missed = [w for w in wanted if not any(p.startswith(w) for p in problems)]
        extra = [p for p in problems if not any(p.startswith(w) for w in wanted)]
        for w in wanted:
            print(f"{'ok  ' if w not in missed else 'FAIL'} reported: {w}")
        for p in extra:
            print(f"FAIL reported what is right: {p}")
        if missed or extra:
            raise SystemExit("check-docs.py --self-test failed")


def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return
    root = pathlib.Path(__file__).resolve().parent.parent
    problems, count = run(root)
    for problem in problems:
        print(problem)
    if problems:
        raise SystemExit(f"check-docs.py: {len(problems)} problem(s)")
    print(f"every link in {count} files resolves; every stated number of languages, and the platforms, are right; "
          "no published page names a format by a design document's number")


if __name__ == "__main__":
    main()
