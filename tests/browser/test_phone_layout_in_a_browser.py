"""Every public page fits a phone: at 390 px, in Chinese and in English, nothing is wider
than the screen unless it sits in a box that scrolls sideways (the page itself never does),
and no text is drawn over other text.

The pages are the public states of tests/browser/test_accessibility.py's ``PAGES`` (those
with no user), shown with its world; a page added there is checked here too.

What "drawn over" means: every visible run of text has the boxes the browser lays its lines
out in (a Range's client rects), cut to what the boxes that clip it let show; two runs of
text from different places overlap when their boxes share more than a sliver (3 px across
and a third of the smaller line's height), as "Home team – Away team" printed across
"Contract" did.
"""

import pytest
from playwright.sync_api import Page

from tests.browser.test_accessibility import (  # noqa: F401 - the audit's fixtures
    PAGES,
    SHOTS,
    contexts,
    shown,
    site,
)

pytestmark = pytest.mark.django_db

PHONE = "390"
PUBLIC = [state for state in PAGES if state.user is None]

# Returns, for the page as it stands, what runs off the screen outside a box that scrolls
# sideways (the outermost element of each, described by its tag, classes and text) and each
# pair of text runs drawn over each other.
LAYOUT = """() => {
  const width = document.documentElement.clientWidth;
  const describe = (el) => {
    const cls = typeof el.className === "string" && el.className.trim()
      ? "." + el.className.trim().split(/\\s+/).join(".") : "";
    const text = (el.innerText || el.textContent || "").trim().replace(/\\s+/g, " ");
    return `<${el.tagName.toLowerCase()}${cls}> “${text.slice(0, 40)}”`;
  };
  const clips = (el) => {
    const style = getComputedStyle(el);
    return style.overflowX !== "visible" || style.overflowY !== "visible";
  };
  // Whether a box that scrolls (or clips) sideways holds the element in: one between an
  // absolutely placed element and the box it is placed in does not.
  const heldIn = (el) => {
    const position = getComputedStyle(el).position;
    if (position === "fixed") return false;
    let placed = position === "absolute";
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (placed && style.position === "static") continue;
      placed = false;
      if (["auto", "scroll", "hidden", "clip"].includes(style.overflowX)) return true;
      if (style.position === "fixed") return false;
      placed = style.position === "absolute";
    }
    return false;
  };
  // Shown: not hidden by display, visibility, opacity or a closed <details>.
  const shown = (el) => el.checkVisibility({visibilityProperty: true, opacityProperty: true});

  // Too wide: an element reaching past either edge of the screen with no ancestor that
  // scrolls (or clips) sideways.
  const wide = [];
  for (const el of document.body.querySelectorAll("*")) {
    if (!shown(el)) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (rect.right <= width + 1 && rect.left >= -1) continue;
    if (heldIn(el)) continue;
    if (wide.some((outer) => outer.contains(el))) continue;
    wide.push(el);
  }

  // A box that stays put over what scrolls (a sticky column, a bar fixed to the screen)
  // covers the text beneath it with its background: that text is hidden, not overprinted.
  const covering = (el) => {
    for (let up = el; up && up !== document.body; up = up.parentElement) {
      if (["sticky", "fixed"].includes(getComputedStyle(up).position)) return up;
    }
    return null;
  };
  const within = (inner, el) => {
    const outer = el.getBoundingClientRect();
    return inner.left >= outer.left - 1 && inner.right <= outer.right + 1
      && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
  };

  // Text runs: each text node's line boxes, cut to the clipping boxes around it.
  const runs = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || !shown(el) || el.closest("script, style, noscript, template")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      let box = {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
      for (let up = el; up && up !== document.documentElement; up = up.parentElement) {
        if (!clips(up)) continue;
        const c = up.getBoundingClientRect();
        box = {left: Math.max(box.left, c.left), right: Math.min(box.right, c.right),
               top: Math.max(box.top, c.top), bottom: Math.min(box.bottom, c.bottom)};
      }
      if (box.right - box.left < 2 || box.bottom - box.top < 2) continue;
      runs.push({box, height: r.height, node, cover: covering(el),
                 text: node.textContent.trim().slice(0, 30)});
    }
  }
  runs.sort((a, b) => a.box.top - b.box.top);
  const over = [];
  for (let i = 0; i < runs.length; i++) {
    const a = runs[i];
    for (let j = i + 1; j < runs.length && runs[j].box.top < a.box.bottom; j++) {
      const b = runs[j];
      if (a.node === b.node) continue;
      const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (across > 3 && down > Math.max(3, Math.min(a.height, b.height) / 3)) {
        const shared = {left: Math.max(a.box.left, b.box.left),
                        right: Math.min(a.box.right, b.box.right),
                        top: Math.max(a.box.top, b.box.top),
                        bottom: Math.min(a.box.bottom, b.box.bottom)};
        const covered = [a, b].some((run) => run.cover
          && run.cover !== (run === a ? b : a).cover && within(shared, run.cover));
        if (covered) continue;
        over.push(`“${a.text}” and “${b.text}”`);
      }
    }
  }
  return {
    pageWidth: document.documentElement.scrollWidth,
    width,
    wide: wide.map(describe),
    over: [...new Set(over)],
  };
}"""


def layout_faults(page: Page) -> list[str]:
    """Return what a phone's reader would find wrong with the page's layout, one line each."""
    found = page.evaluate(LAYOUT)
    faults = [f"wider than the screen, outside a box that scrolls: {w}" for w in found["wide"]]
    if found["pageWidth"] > found["width"]:
        faults.append(f"the page is {found['pageWidth']} px wide on a {found['width']} px screen")
    faults += [f"text drawn over text: {pair}" for pair in found["over"]]
    return faults


@pytest.mark.parametrize("language", ["en", "zh-hans"])
@pytest.mark.parametrize("state", PUBLIC, ids=str)
def test_a_phone_shows_every_public_page_within_its_screen_with_no_text_over_text(
    shown,  # noqa: F811
    state,
    language,
):
    page = shown(state, language, PHONE)
    page.wait_for_load_state("networkidle")
    if SHOTS:  # AUDIT_SCREENSHOTS=screenshots/phone pytest … keeps what was checked
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"phone-{state}-{language}.png"), full_page=True)
    faults = layout_faults(page)
    assert not faults, f"{state} ({language}) at {PHONE} px:\n" + "\n".join(faults)
