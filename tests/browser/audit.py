"""Checks every page must pass in a real browser: axe-core and tap-target size.

``axe_problems(page)`` runs axe-core (bundled by ``axe-playwright-python``) on
the page as it stands and returns its serious and critical violations, one
line each.  ``small_targets(page)`` returns the interactive elements smaller
than 44 x 44 CSS px (docs/look-and-feel.md, "Frame"), except a link that is a
few words inside a sentence, which a person taps as text.
"""

from __future__ import annotations

from pathlib import Path

MIN_TARGET = 44
SERIOUS = ("serious", "critical")
# Rules counted whatever axe's impact: every page has one h1 (a screen reader's way in).
ALWAYS = ("page-has-heading-one",)

_axe = None


def settled(page) -> None:
    """Wait for the page's load event: a tap that submits a form returns once the new page is
    committed, and a box measured before its stylesheets arrive is measured without them."""
    page.wait_for_load_state("load")


def axe_problems(page) -> list[str]:
    global _axe
    settled(page)
    if _axe is None:
        from axe_playwright_python.sync_playwright import Axe

        _axe = Axe()
    results = _axe.run(page)
    problems = []
    for violation in results.response["violations"]:
        if violation["impact"] not in SERIOUS and violation["id"] not in ALWAYS:
            continue
        for node in violation["nodes"][:5]:
            target = " ".join(str(part) for part in node["target"])
            problems.append(f"{violation['id']} ({violation['impact']}): {target}: {node['failureSummary'][:300]}")
    return problems


# The box a finger meets: a check box or radio inside its label is hit through the
# label; an element hidden from everyone (display none, visibility hidden, clipped
# to nothing like the skip link before it has focus) is not a target at all.
_SMALL_TARGETS_JS = (Path(__file__).parent / "small_targets.js").read_text(encoding="utf-8")


def small_targets(page, minimum: int = MIN_TARGET) -> list[str]:
    settled(page)
    return page.evaluate(_SMALL_TARGETS_JS, minimum)


def sideways_overflow(page) -> int:
    """How many CSS px the page is wider than the viewport (0 when nothing scrolls sideways).

    Measured against the layout viewport's width (the root's ``clientWidth``), not
    ``innerWidth``: a phone (``is_mobile``) zooms a page that is too wide out to fit it, and its
    ``innerWidth`` then grows with the page, so the two would always be equal."""
    settled(page)
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


AXE_MIN_WIDTH = 390  # the phone's width: axe-core runs there and wider


def page_problems(page) -> dict:
    """What the three checks find on the page as it stands (``CLEAN`` when it passes).

    axe-core's rules read names, roles, structure and colours, which the styles for screens
    narrower than the 390 px phone leave alone (they only tighten sizes and spacing), so axe runs
    at 390 px and wider, in both colour schemes; it takes most of a second a page. The tap-target
    and sideways-scroll checks, which a narrower screen does change, run at every width."""
    viewport = page.viewport_size
    narrow = viewport is not None and viewport["width"] < AXE_MIN_WIDTH
    return {
        "axe": [] if narrow else axe_problems(page),
        "small": small_targets(page),
        "sideways": sideways_overflow(page),
    }


CLEAN = {"axe": [], "small": [], "sideways": 0}


def assert_page_passes(page, where: str) -> None:
    """The three checks at once, as each area's tests run them on its own pages."""
    assert page_problems(page) == CLEAN, where
