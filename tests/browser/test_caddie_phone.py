"""One whole hole walked through with the caddie on a phone, as at a real table."""

from __future__ import annotations

import random
import re

from playwright.sync_api import expect

from tests.browser.audit import sideways_overflow

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


class Table:
    """The real cards on the table, which the person reads off and taps in."""

    def __init__(self, seed: int):
        rng = random.Random(seed)
        self.deck = [r for r in RANKS for _ in range(4)]
        rng.shuffle(self.deck)
        self.grid = [self.deck.pop() for _ in range(6)]

    def next_card(self) -> str:
        return self.deck.pop()


def tap_card(page, code: str):
    page.locator(f"#key-{code}").tap()


def wait_step(page, before: str):
    # a Python predicate: the strict Content-Security-Policy forbids evaluating strings in the page
    page.wait_for_url(lambda url: url != before, timeout=10000)


def test_a_whole_hole_with_the_caddie_and_no_opponents_tapped_in(phone):
    table = Table(seed=5)
    phone.goto("/caddie/?opps=0")
    steps = my_turns = 0
    while not phone.locator("text=The hole is over: you scored").count():
        steps += 1
        assert steps < 80, "the hole should end"
        step = phone.locator("#walk input[name=step]").get_attribute("value")
        ask = phone.locator("#ask").inner_text() if phone.locator("#ask").count() else ""
        before = phone.url
        if step in ("flip", "final"):
            # a card turned up (after the deal, or at the end): read it off the table
            where = phone.locator("input[name=plan]")
            slot = int(where.get_attribute("value").split(":")[1]) if where.count() else None
            if slot is None:
                slot = int(phone.locator("button.slot").first.get_attribute("id").split("-")[1])
            tap_card(phone, table.grid[slot])
        elif step == "wait" and my_turns == 6:
            phone.locator("#hole-over").tap()  # another player went out and the hole ended
        elif step in ("wait", "discard"):
            if step == "wait":
                my_turns += 1
            tap_card(phone, table.next_card())  # the card now on top of the discard pile
        elif step == "reveal":
            slot = int(phone.locator(".slot.legal").first.get_attribute("id").split("-")[1])
            tap_card(phone, table.grid[slot])  # the card dealt there, never seen until now
        elif phone.locator("#apply-advice").count():
            expect(phone.locator("#advice-say")).not_to_be_empty()
            phone.locator("#apply-advice").tap()
        elif "face down there" in ask or "turn up" in ask:
            slot = int(phone.locator("input[name=plan]").get_attribute("value").split(":")[1])
            tap_card(phone, table.grid[slot])  # the advice's card goes over it: what was there
        elif "Drew from the deck" in ask:
            tap_card(phone, table.next_card())
        else:
            raise AssertionError(f"stuck: {phone.locator('main').inner_text()[:400]}")
        wait_step(phone, before)
    score = phone.locator("#walk-score").inner_text()
    assert score.lstrip("−-").isdigit()
    assert not phone.locator(".card.back").count(), "every card is face up at the end"
    assert sideways_overflow(phone) == 0
    # the hand kept with its review: the offer came with the hole's last tap, without a reload
    keep = phone.locator("#keep-hand-button")
    expect(keep).to_be_visible()
    keep.tap()
    phone.wait_for_url(re.compile(r"/caddie/hands/"))
    expect(phone.locator("#hole-review-title")).to_have_text("Your hand, reviewed")
    expect(phone.locator("#review-clean")).to_be_visible()  # every decision was the advice's
    expect(phone.locator("#hand-score")).to_have_text(score)
    phone.locator("#all-hands").tap()
    expect(phone.locator("#hand-list li")).to_have_count(1)
    assert sideways_overflow(phone) == 0


def test_tapping_in_an_opponents_cards_on_a_phone(phone):
    phone.goto("/caddie/?size=6&grid=K,,,,5,&step=discard")
    phone.locator("#opponents > summary").tap()
    before = phone.url
    phone.locator("#opp-add").tap()
    wait_step(phone, before)
    before = phone.url
    phone.locator("#opp-0-1").tap()
    wait_step(phone, before)
    expect(phone.locator("#ask")).to_contain_text("the next player shows (top-middle)")
    before = phone.url
    tap_card(phone, "Q")
    wait_step(phone, before)
    assert "o1=,Q,,,," in phone.url
    expect(phone.locator("#opp-0-1 .card")).to_have_attribute("data-code", "Q")
    box = phone.locator("#opp-0-1").bounding_box()
    assert box["height"] >= 48 and box["width"] >= 44, "a thumb can hit an opponent's card"
    assert sideways_overflow(phone) == 0
    before = phone.url
    phone.go_back()  # Back undoes the last tap
    wait_step(phone, before)
    assert "o1=,Q" not in phone.url and "oslot=0:1" in phone.url
