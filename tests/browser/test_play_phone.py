"""A person plays whole 9-hole Grid Golf matches on a phone, and the ledger shows them."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.audit import sideways_overflow

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
        prompt = page.locator("#prompt")
        if "is playing" in prompt.inner_text():
            wait_while_computers_play(page)
            continue
        then_wait_for_the_table(page, lambda: play_my_turn(page))
    raise AssertionError("the match did not finish")


def wait_for_a_new_version(page, before: str, timeout: float = 10000) -> None:
    """Wait until the table on the page is no longer at version ``before``. A selector wait, which
    the browser checks at every frame, not expect()'s retries, which back off to a second apart
    and so added seconds to every match; and no page.wait_for_function, which the strict
    Content-Security-Policy forbids (it evaluates a string)."""
    page.locator(f'input[name="version"]:not([value="{before}"])').first.wait_for(state="attached", timeout=timeout)


def wait_while_computers_play(page, timeout: float = 20000) -> None:
    """Computer moves arrive one at a time: wait until the prompt no longer says one is playing."""
    page.locator('#prompt:not(:has-text("is playing"))').wait_for(timeout=timeout)


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
