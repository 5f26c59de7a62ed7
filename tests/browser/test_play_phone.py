"""A person plays whole 9-hole Grid Golf matches on a phone, and the ledger shows them."""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from caddie.web.live.changes import changes_for
from tests.browser.audit import sideways_overflow
from tests.browser.conftest import SERVED

LEGAL = "button.legal:not([disabled]), #next-hole, #discard-drawn"


def start_match(page, opponents: int, cards: int, negatives: str, final_turn: bool, discard_flip: bool):
    page.goto("/play/")
    page.locator("fieldset", has_text="Opponents").locator("label", has_text=str(opponents)).tap()
    page.locator("fieldset", has_text="Hand size").locator("label", has_text=re.compile(rf"^{cards}$")).tap()
    negatives_label = {"twos": "2s", "jokers": "Jokers", "both": "Both"}[negatives]
    page.locator("fieldset", has_text="Cards worth").locator(
        "label", has_text=re.compile(rf"^{negatives_label}$")
    ).tap()
    page.locator("fieldset", has_text="Match length").locator("label", has_text="9 holes").tap()
    for name, wanted in (("final_turn", final_turn), ("discard_flip", discard_flip)):
        box = page.locator(f'input[name="{name}"]')
        if box.is_checked() != wanted:
            box.tap()
    page.locator("#start-match").tap()
    expect(page.locator(".hole-no")).to_contain_text("Hole 1")


def play_my_turn(page):
    """A quick plain strategy: draw, and put the card over a face-down one while any is left (so a
    hole ends in a few turns); once all are up, keep a low card and discard a high one."""
    prompt = page.locator("#prompt").inner_text()
    if "Turn up" in prompt or "turn up one" in prompt:
        page.locator("button.slot.legal").first.tap()
    elif "tap the deck" in prompt:
        page.locator("#deck").tap()
        expect(page.locator("#drawn")).to_be_visible()
    elif "You drew" in prompt:
        drawn = page.locator("#drawn .card").get_attribute("data-code")
        low = drawn in ("A", "2", "3", "4", "K", "JK")
        face_down = page.locator("button.slot.legal:has(.card.back)")
        if face_down.count():
            face_down.first.tap()
        elif low or not page.locator("#discard-drawn").count():
            page.locator("button.slot.legal").first.tap()
        else:
            page.locator("#discard-drawn").tap()
    elif "Tap a card of yours" in prompt:
        page.locator("button.slot.legal").first.tap()
    else:
        raise AssertionError(f"unexpected prompt: {prompt}")


def play_match(page) -> None:
    for _ in range(2000):
        if page.locator("#match-winner").count():
            return
        if page.locator("#next-hole").count():
            assert not page.locator(".my-grid .card.back, .opp .card.back").count(), "a finished hole shows every card"
            expect(page.locator("#hole-scores")).to_be_visible()
            # the caddie's review of the hole: a clean bill, or what each different decision cost
            expect(page.locator("#hole-review")).to_be_visible()
            assert page.locator("#review-clean").count() or page.locator(".review-item").count()
            then_wait_for_the_table(page, lambda: page.locator("#next-hole").tap())
            continue
        if page.locator(THINKING).count():
            wait_while_computers_play(page)
            continue
        then_wait_for_the_table(page, lambda: play_my_turn(page))
    raise AssertionError("the match did not finish")


# The line a table shows while a computer is to move: the server moves it by itself (its driver),
# and the page hears of each move through the live stream and swaps the table in.
THINKING = ".live-thinking"


def wait_for_a_new_version(page, before: str, timeout: float = 10000) -> None:
    """Wait until the table on the page is no longer at version ``before``. A selector wait, which
    the browser checks at every frame, not expect()'s retries, which back off to a second apart
    and so added seconds to every match; and no page.wait_for_function, which the strict
    Content-Security-Policy forbids (it evaluates a string)."""
    page.locator(f'input[name="version"]:not([value="{before}"])').first.wait_for(state="attached", timeout=timeout)


def wait_while_computers_play(page, timeout: float = 20000) -> None:
    """The computers' moves arrive over the live stream, one at a time: wait until no computer is
    thinking (the person's turn, or the hole's end)."""
    try:
        page.locator(THINKING).wait_for(state="detached", timeout=timeout)
    except PlaywrightTimeout:
        raise AssertionError(NEVER_MOVED) from None


NEVER_MOVED = (
    "a computer never moved: the server's driver thread (caddie.store.live_driver, started by"
    " caddie.web.app.start_background) is not running in the live server of tests/browser/conftest.py,"
    " or the page never heard of the move (its live stream)"
)


@contextmanager
def computers_pause(seconds: float):
    """While it lasts, a person's move makes the next computer's move due after ``seconds`` (the
    served app's ``LIVE_COMPUTER_PAUSE_S``, read by each move's request; the driver's own pause
    between two computers' moves stays as it started): long enough for the table drawn after the
    move to be read while that computer is still to move."""
    config = SERVED["app"].config
    before = config["LIVE_COMPUTER_PAUSE_S"]
    config["LIVE_COMPUTER_PAUSE_S"] = seconds
    try:
        yield
    finally:
        config["LIVE_COMPUTER_PAUSE_S"] = before


def table_id(page) -> str:
    return re.search(r"/t/([\w-]+)", page.url).group(1)


def wait_for_the_server(public_id: str, past: int, timeout: float = 20.0) -> int:
    """Wait until the table is past version ``past`` on the server (a computer has moved) and say
    its version: the wait the page's live stream makes, for a page without JavaScript or a test
    that plays through plain posts."""
    waited = changes_for(SERVED["app"]).wait(public_id, past, timeout)
    assert waited.version is not None and waited.version > past, NEVER_MOVED
    return waited.version


def then_wait_for_the_table(page, tap) -> None:
    """Tap, then wait until the table has moved on (its version changes), so no tap lands on a stale table."""
    version = page.locator('input[name="version"]').first
    before = version.get_attribute("value")
    tap()
    # locator checks, not page.wait_for_function: the strict Content-Security-Policy forbids eval
    wait_for_a_new_version(page, before)


@pytest.mark.parametrize(
    "opponents, cards, negatives, final_turn, discard_flip",
    [
        (1, 6, "twos", False, False),
        (3, 4, "jokers", True, True),
    ],
)
def test_a_whole_match_on_a_phone_lands_in_the_ledger(phone, opponents, cards, negatives, final_turn, discard_flip):
    start_match(phone, opponents, cards, negatives, final_turn, discard_flip)
    expect(phone.locator(".opp")).to_have_count(opponents)
    assert sideways_overflow(phone) == 0
    play_match(phone)
    winner = phone.locator("#match-winner").inner_text()
    # the default name "You" reads "You win the match", never "You wins"
    assert re.search(r"(You win|\w+ wins|share) the match", winner) and "You wins" not in winner
    phone.locator("#ledger-link").tap()
    expect(phone.locator("#winner")).to_be_visible()  # the ledger round is complete: 9 holes for everyone
    expect(phone.locator("#standings tbody tr")).to_have_count(opponents + 1)
