#!/usr/bin/env python3
"""Writes every ```swift sample of the documentation to its own file, for scripts/typecheck-apple --docs.

Two kinds of place hold samples:
- a DocC catalog (a folder ending in .docc): the ```swift blocks of its articles;
- a source folder (anything else): the ```swift blocks inside `///` doc comments of its .swift
  files, which DocC renders on the symbol's page just as it renders an article's.

A block that declares things at its top level (`import`, `@main`, a type, a function, an
extension) is written as it is. Any other block is statements, and is wrapped in a throwing async
function on the main actor, as the code an app runs at launch or in a view. Each file starts with
the imports every sample may use and a comment naming the file and line, which compiler errors
then point back to.

usage: doc-snippets.py OUTPUT-DIR PATH...
"""
import pathlib
import re
import sys
import textwrap

IMPORTS = "\n".join(f"import {m}" for m in ["Foundation", "LaunchGate", "LaunchGateTesting", "LaunchGateUI", "SwiftUI", "Testing", "UIKit"])
# The SDK's server-only declarations (`@_spi(LaunchGateServer)`) are hidden from apps and from the
# published documentation; the samples in their own doc comments are for the server's code, and
# import them as it does. Every other sample sees only what an app sees, so a public page can't
# show an API an app can't call.
SPI = "@_spi(LaunchGateServer)"
TOP_LEVEL = re.compile(r"^(import |@main|@Test|@Suite|@MainActor|(public |final |private )*(struct|class|enum|actor|extension|func|protocol) )")
DOC_LINE = re.compile(r"^\s*/// ?(.*)$")


def blocks(text):
    """(line number, code) for each ```swift fence, indented fences (in lists) included."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        match = re.match(r"^(\s*)```swift\s*$", lines[i])
        if not match:
            i += 1
            continue
        start, body = i + 1, []
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i])
            i += 1
        yield start + 1, textwrap.dedent("\n".join(body))
        i += 1


def doc_comments(text):
    """(first line number, text) for each run of consecutive `///` lines, the markers taken off."""
    run, first = [], 0
    for number, line in enumerate(text.split("\n") + [""], start=1):
        match = DOC_LINE.match(line)
        if match:
            if not run:
                first = number
            run.append(match.group(1))
        elif run:
            yield first, "\n".join(run)
            run = []


def samples(path):
    """(label, name stem, code) for every sample under path: a catalog's articles or sources' doc comments."""
    if path.suffix == ".docc":
        for article in sorted(path.glob("*.md")):
            for line, code in blocks(article.read_text()):
                yield f"{article.name}:{line}", f"{article.stem}-{line:04d}", code
        return
    for source in sorted(path.rglob("*.swift")):
        relative = source.relative_to(path.parent)
        stem = "-".join(relative.with_suffix("").parts)
        text = source.read_text()
        lines = text.split("\n")
        for first, comment in doc_comments(text):
            # The comment documents the declaration under it: an SPI one's samples may use SPI.
            after = next((l for l in lines[first - 1 + comment.count("\n") + 1:] if l.strip() and not l.strip().startswith("///")), "")
            for line, code in blocks(comment):
                at = first + line - 1
                if SPI in after:
                    code = "// imports: spi\n" + code
                yield f"{source}:{at}", f"{stem}-{at:04d}", code


def main(output, paths):
    output.mkdir(parents=True, exist_ok=True)
    for path in paths:
        count = 0
        for label, stem, code in samples(path):
            count += 1
            imports = IMPORTS
            if code.startswith("// imports: spi\n"):
                code = code.split("\n", 1)[1]
                imports = IMPORTS.replace("import LaunchGate\n", f"{SPI} import LaunchGate\n", 1)
            top_level = any(TOP_LEVEL.match(l) for l in code.split("\n"))
            if not top_level:
                code = "@MainActor func sample() async throws {\n" + textwrap.indent(code, "    ") + "\n}"
            (output / f"{stem}.swift").write_text(f"// {label}\n{imports}\n\n{code}\n")
        print(f"{count} Swift samples in {path}")
        # A folder that yields nothing was named wrongly, or its samples stopped being found: either
        # way the check would pass on nothing.
        if count == 0:
            raise SystemExit(f"doc-snippets.py: no ```swift sample in {path}")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    main(pathlib.Path(sys.argv[1]), [pathlib.Path(p) for p in sys.argv[2:]])
