#!/usr/bin/env python3
"""Writes every ```swift block of the DocC articles to its own file, for scripts/typecheck-apple --docs.

A block that declares things at its top level (`import`, `@main`, a type, a function, an
extension) is written as it is. Any other block is statements, and is wrapped in a throwing async
function on the main actor, as the code an app runs at launch or in a view. Each file starts with
the imports every sample may use and a comment naming the article and line, which compiler errors
then point back to.

usage: doc-snippets.py CATALOG OUTPUT-DIR
"""
import pathlib
import re
import sys
import textwrap

IMPORTS = "\n".join(f"import {m}" for m in ["Foundation", "LaunchGate", "LaunchGateTesting", "LaunchGateUI", "SwiftUI", "UIKit"])
TOP_LEVEL = re.compile(r"^(import |@main|@Test|@Suite|@MainActor|(public |final |private )*(struct|class|enum|actor|extension|func|protocol) )")


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


def main(catalog, output):
    output.mkdir(parents=True, exist_ok=True)
    count = 0
    for article in sorted(catalog.glob("*.md")):
        for line, code in blocks(article.read_text()):
            count += 1
            top_level = any(TOP_LEVEL.match(l) for l in code.split("\n"))
            if not top_level:
                code = "@MainActor func sample() async throws {\n" + textwrap.indent(code, "    ") + "\n}"
            name = f"{article.stem}-{line:04d}.swift"
            (output / name).write_text(f"// {article.name}:{line}\n{IMPORTS}\n\n{code}\n")
    print(f"{count} Swift samples in {catalog}")


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]))
