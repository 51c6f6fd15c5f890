"""Every console page at 390 px (a phone) and 1280 px (a laptop): no sideways scroll, nothing
sticking out of the viewport (a button or an ID inside a scrolling table counts: a person has to
find it), words wrapped between words, chart text at a readable size, and the impact table's
caption over its rows. Each check fails on its own page and width, with what sticks out or what
broke."""
from .support import WIDTHS

# Everything in the page whose box ends past the viewport's right edge, or starts before its
# left: what a person would have to scroll sideways to see, in the page or in a box.
OUTSIDE = """
const width = document.documentElement.clientWidth;
const found = [];
for (const element of document.querySelectorAll("body *")) {
  if (element.closest("svg, [hidden], .visually-hidden, .skip, table.stack thead, head, script, title")) continue;
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) continue;
  if (box.right > width + 1 || box.left < -1) {
    const name = element.tagName.toLowerCase() + (element.id ? "#" + element.id : "") + (element.className && element.className.baseVal === undefined && element.className ? "." + String(element.className).split(" ").join(".") : "");
    found.push(name + " [" + Math.round(box.left) + ", " + Math.round(box.right) + "]: " + (element.textContent || "").trim().slice(0, 40));
  }
}
return found.slice(0, 6);
"""

# Words of letters that the browser broke across two lines: a word's range has one box per line.
BROKEN_WORDS = """
const broken = [];
const walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const node = walker.currentNode;
  if (!node.parentElement || node.parentElement.closest("code, pre, svg, textarea, .phone, [hidden], .visually-hidden")) continue;
  for (const match of node.textContent.matchAll(/[A-Za-z]{2,}/g)) {
    const range = document.createRange();
    range.setStart(node, match.index);
    range.setEnd(node, match.index + match[0].length);
    const lines = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
    if (lines.size > 1) broken.push(match[0]);
  }
}
return broken.slice(0, 6);
"""

# The smallest text on the adoption charts, in CSS pixels as drawn.
CHART_TEXT = """
const sizes = [];
for (const element of document.querySelectorAll(".bar-label, .bar-value, .timeline span")) {
  sizes.push(parseFloat(getComputedStyle(element).fontSize));
}
return sizes.length ? Math.min(...sizes) : 0;
"""


# The impact table's caption against its rows, as drawn: it must span the table, sit above every
# visible row and overlap none (a review found it shrunk to a column of single words over the
# "first seen today" row at 390 px). Null on a page without the table.
CAPTION = """
const table = document.getElementById("impact-platforms");
if (!table) return null;
const caption = table.querySelector("caption").getBoundingClientRect(), box = table.getBoundingClientRect();
const problems = [];
if (Math.abs(caption.left - box.left) > 1 || Math.abs(caption.right - box.right) > 1)
  problems.push("the caption spans " + Math.round(caption.left) + "-" + Math.round(caption.right) + ", the table " + Math.round(box.left) + "-" + Math.round(box.right));
for (const row of table.querySelectorAll("tr")) {
  const r = row.getBoundingClientRect();
  if (r.width <= 1 || r.height <= 1) continue;  // the header row a phone's stacked table hides
  const name = row.textContent.trim().slice(0, 30);
  if (r.top < caption.bottom - 1 && r.bottom > caption.top + 1) problems.push("the caption overlaps the row '" + name + "'");
  else if (r.top < caption.top) problems.push("the row '" + name + "' is above the caption");
}
return problems;
"""


def check_page(run, name):
    """The page the browser shows now, at each width: checks and a whole-page screenshot."""
    driver = run.driver
    # Every disclosure open (history diffs, the JSON editor): the widest the page gets.
    driver.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")
    for width in WIDTHS:
        run.set_width(width)
        wide = driver.execute_script("return document.documentElement.scrollWidth")
        run.check(f"{name} fits {width} px with no sideways scroll", wide <= width, f"{wide} px wide")
        outside = driver.execute_script(OUTSIDE)
        run.check(f"{name} at {width} px has nothing outside the viewport", not outside, outside)
        broken = driver.execute_script(BROKEN_WORDS)
        run.check(f"{name} at {width} px breaks no word across lines", not broken, broken)
        caption = driver.execute_script(CAPTION)
        if caption is not None:
            run.check(f"{name} at {width} px: the impact table's caption spans its table above its rows", not caption, caption)
        if name in ("adoption", "funnel"):
            smallest = driver.execute_script(CHART_TEXT)
            run.check(f"the {name} charts' text is at least 12 px at {width} px", smallest >= 12, smallest)
        run.page_shot(f"{width}-{name}")
    run.reset_width()


def run_pages(run, pages):
    """Loads each page by path and checks it at both widths."""
    for name, path in pages.items():
        run.driver.get(run.base + path)
        check_page(run, name)
