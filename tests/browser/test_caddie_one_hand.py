"""A whole hand at a real table with the Caddie walkthrough, one hand on the phone, counting every tap.

The table is simulated here: a shuffled deck, your six cards and the other player's,
dealt face down. The person reads cards off the table and taps them in; the other
player plays a plain strategy of their own. Every tap (and key press) the test makes
on the page goes through ``Person.tap``, so the count is the taps a person makes.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from tests.browser.audit import assert_page_passes

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
POSITIONS = ["top-left", "top-middle", "top-right", "bottom-left", "bottom-middle", "bottom-right"]
MAX_TAPS = 40  # the goal for a whole two-player, six-card hand


def points(card: str) -> int:
    return {"A": 1, "2": -2, "J": 10, "Q": 10, "K": 10}.get(card) or int(card)


def score(grid: list[str]) -> int:
    return sum(0 if grid[k] == grid[k + 3] else points(grid[k]) + points(grid[k + 3]) for k in range(3))


class Table:
    """The real cards: the deck, the discard pile and both grids, with what shows of them."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.deck = [r for r in RANKS for _ in range(4)]
        self.rng.shuffle(self.deck)
        self.mine = [self.deck.pop() for _ in range(6)]
        self.theirs = [self.deck.pop() for _ in range(6)]
        self.their_up = [False] * 6
        self.pile = [self.deck.pop()]
        self.drawn = ""

    def draw(self) -> str:
        return self.deck.pop()

    def their_turn(self) -> tuple[int | None, str]:
        """The other player's turn by a plain strategy; (the slot they changed or None, what they put there)."""
        up, grid = self.their_up, self.theirs
        top = self.pile[-1]

        def best_slot(card: str) -> int | None:
            for k in range(3):  # pair a face-up card whose partner is not its match
                for a, b in ((k, k + 3), (k + 3, k)):
                    if up[a] and grid[a] == card and not (up[b] and grid[b] == card):
                        return b
            if points(card) <= 4 and False in up:
                return up.index(False)
            worst = max(
                (p for p in range(6) if up[p] and grid[p] != grid[(p + 3) % 6]),
                default=None,
                key=lambda p: points(grid[p]),
            )
            if worst is not None and points(grid[worst]) - points(card) >= 3:
                return worst
            return None

        slot = best_slot(top)
        if slot is not None and (points(top) <= 4 or any(up[q] and grid[q] == top for q in range(6))):
            card = self.pile.pop()
        else:
            card = self.draw()
            slot = best_slot(card)
            if slot is None:
                self.pile.append(card)
                return None, card
        self.pile.append(grid[slot])
        grid[slot], up[slot] = card, True
        return slot, card

    @property
    def they_are_out(self) -> bool:
        return all(self.their_up)


class Person:
    """The person at the table with the phone: every tap on the page goes through ``tap``."""

    def __init__(self, page):
        self.page = page
        self.taps = 0

    def tap(self, selector: str) -> None:
        before = self.page.url
        self.page.locator(selector).tap()
        self.taps += 1
        self.page.wait_for_url(lambda url: url != before, timeout=10000)

    def key(self, card: str) -> None:
        self.tap(f"#key-{card}")

    def asked_position(self) -> int:
        """The position the keypad's question names, "(top-left)"."""
        ask = self.page.locator("#ask").inner_text()
        found = re.search(r"\((top-left|top-middle|top-right|bottom-left|bottom-middle|bottom-right)\)", ask)
        if found:
            return POSITIONS.index(found.group(1))
        found = re.search(r"(top-left|top-middle|top-right|bottom-left|bottom-middle|bottom-right)", ask)
        assert found, ask
        return POSITIONS.index(found.group(1))

    def step(self) -> str:
        return self.page.locator("#walk input[name=step]").get_attribute("value")


def play_hand(person: Person, table: Table, follow=lambda person, table: None) -> int:
    """Play the hand out on the page, following the advice (``follow`` may record another move
    first and return True). Returns the score the page shows."""
    page = person.page
    page.goto("/caddie/")
    for _ in range(60):
        step = person.step()
        if step == "flip":
            person.key(table.mine[person.asked_position()])
        elif step == "discard":
            for slot in (0, 4):  # the other player's first two cards, as they turned them up
                table.their_up[slot] = True
                person.tap(f"#opp-0-{slot}")
                person.key(table.theirs[slot])
            person.key(table.pile[-1])
        elif step == "advice":
            if follow(person, table):
                continue
            apply = page.locator("#apply-advice")
            if apply.count():  # take the discard where the caddie says
                slot = int(apply.get_attribute("value").split(":")[1])
                table.pile.pop()
                card, table.mine[slot] = table.mine[slot], page.locator("input[name=discard]").get_attribute("value")
                table.pile.append(card)
                person.tap("#apply-advice")
                if person.step() == "reveal":
                    person.key(card)
            else:  # the caddie says draw: tap the card drawn
                table.drawn = table.draw()
                person.key(table.drawn)
        elif step == "place":
            if follow(person, table):
                continue
            plan = page.locator("input[name=plan]")
            if plan.count():  # the advised move meets a face-down card: tap what was there
                kind, slot = plan.get_attribute("value").split(":")
                slot = int(slot)
                found = table.mine[slot]
                if kind == "swap":
                    table.mine[slot] = table.drawn
                    table.pile.append(found)
                else:
                    table.pile.append(table.drawn)
                person.key(found)
            else:
                value = page.locator("#apply-advice").get_attribute("value")
                if value.startswith("swap"):
                    slot = int(value.split(":")[1])
                    table.pile.append(table.mine[slot])
                    table.mine[slot] = table.drawn
                else:
                    table.pile.append(table.drawn)
                person.tap("#apply-advice")
                if person.step() == "reveal":
                    person.key(table.pile[-1])
        elif step == "wait":
            slot, card = table.their_turn()
            if slot is not None:
                person.tap(f"#opp-0-{slot}")
                person.key(card)
                if person.step() == "thrown":
                    person.key(table.pile[-1])
            else:
                person.key(card)
        elif step == "final":
            person.key(table.mine[person.asked_position()])
        elif step == "done":
            shown = page.locator("#walk-score").inner_text()
            return int(shown.replace("\u2212", "-"))
        else:
            raise AssertionError(f"stuck at {step}: {page.locator('main').inner_text()[:400]}")
    raise AssertionError("the hand should end")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_hand_takes_at_most_40_taps(phone, seed):
    person = Person(phone)
    table = Table(seed)
    shown = play_hand(person, table)
    assert shown == score(table.mine), "the page's score is the real grid's"
    assert person.taps <= MAX_TAPS, f"{person.taps} taps for the hand"
    print(f"seed {seed}: {person.taps} taps")


def test_a_move_that_is_not_the_advice_is_recorded_and_the_walk_goes_on(phone):
    # a 9 drawn from the deck, alone at the table: the caddie has its word, but the person
    # put the 9 bottom-left (a face-down card, which turned out to be a Queen)
    person = Person(phone)
    phone.goto("/caddie/?size=6&grid=9,5,,,,&step=place&discard=4&pile=4&drawn=9&from=deck&opps=0")
    expect(phone.locator("#advice-say")).not_to_be_empty()
    expect(phone.locator("#discard-instead, #apply-advice[value=discard]")).to_have_count(1)
    expect(phone.locator("button#slot-3")).to_have_attribute("aria-label", "Put the Nine bottom-left (now face down)")
    person.tap("button#slot-3")
    expect(phone.locator("#ask")).to_contain_text("face down there (bottom-left)")
    person.key("Q")
    assert "grid=9,5,,9,," in phone.url and "pile=4,Q" in phone.url
    # the walk goes on from what really happened: the next turn starts from the Queen discarded
    expect(phone.locator("#ask")).to_contain_text("tap the card on top of the discard pile")
    person.key("7")
    expect(phone.locator("#advice-say")).not_to_be_empty()
    assert person.taps == 3


def test_the_why_disclosure_holds_the_numbers_it_ranks_on(phone):
    phone.goto("/caddie/?size=6&grid=9,5,,,,&step=advice&discard=9&pile=9&opps=1&o1=K,3,,,,")
    headline = phone.locator("#advice-say").inner_text() + phone.locator("#advice-why").inner_text()
    assert not re.search(r"\d\.\d", headline), "no decimal comparisons in the headline"
    why = phone.locator("#why")
    expect(why.locator("table")).not_to_be_visible()
    summary = why.locator("summary")
    box = summary.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    summary.tap()
    expect(why.locator("table")).to_be_visible()
    expect(why).to_contain_text("Where you finish against the other player, on average")
    shown = why.locator("td.num").all_inner_texts()
    assert shown and all(re.fullmatch(r"\d+\.\d (ahead|behind)|level", s) for s in shown), shown
    values = [
        -float(s.split()[0]) if s.endswith("ahead") else (float(s.split()[0]) if s != "level" else 0) for s in shown
    ]
    assert values[0] == min(values), "the advised move is the best on the shown quantity"


def test_a_turn_by_keyboard_alone(new_context):
    page = new_context(viewport={"width": 1280, "height": 900}, is_mobile=False, has_touch=False).new_page()
    page.goto("/caddie/?size=6&grid=K,5,,,,&step=discard&opps=0")
    for _ in range(80):  # Tab to the keypad's 9
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "key-9":
            break
    assert page.evaluate("document.activeElement.id") == "key-9"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none", "focus is visible"
    before = page.url
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: url != before)
    # the advice's own control has the focus now: Enter applies it (or a key records the draw).
    # The URL changes before the swap settles and the focus moves: wait for the focus, not the URL.
    page.wait_for_function("() => ['apply-advice', 'key-A'].includes(document.activeElement.id)")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    before = page.url
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: url != before)
    assert re.search(r"step=(reveal|place|wait)", page.url), page.url
    page.wait_for_function("() => document.activeElement.tagName === 'BUTTON'")


AUDITED = [
    "/caddie/",
    "/caddie/?size=6&grid=K,5,,,,&step=advice&discard=9&pile=9&opps=1&o1=Q,,,,3,",
    "/caddie/?size=6&grid=K,5,,,,&step=place&discard=9&pile=9&drawn=4&from=deck&opps=1&o1=Q,,,,3,",
    "/caddie/?size=6&grid=K,5,,,,&step=wait&discard=9&pile=9&opps=1&o1=Q,,,,3,&oslot=0:1",
    "/caddie/?size=6&grid=K,5,3,3,5,&step=final&discard=9&pile=9&opps=1&o1=Q,,,,3,",
]
CLUB_HAND = [250, 230, 200, 170, 150, 135, 110, 90, 45, 30, 20, 9, 5, 3]


def audit(page, where: str) -> None:
    expect(page.locator(".htmx-request")).to_have_count(0)  # a form dims while its request is out
    if page.locator("#why summary").count():
        page.locator("#why summary").click()  # the numbers too
    assert_page_passes(page, where)


@pytest.mark.look
@pytest.mark.parametrize("width", [390, 320])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_walkthroughs_pass_the_audits(new_context, width, scheme):
    page = new_context(viewport={"width": width, "height": 844}, color_scheme=scheme).new_page()
    for url in AUDITED:
        page.goto(url)
        audit(page, url)
    page.goto("/caddie/clubs/")
    audit(page, "the Club Cards setup")
    page.locator("#course").select_option("cedar-nine")
    page.locator("#start-walk").click()
    for i, card in enumerate(CLUB_HAND[:3]):
        page.locator(f"#club-{card}").click()
        expect(page.locator("#walk-hand .chip")).to_have_count(i + 1)
    audit(page, "the Club Cards deal, with chips to take back")
    for card in CLUB_HAND[3:]:
        before = page.url
        page.locator(f"#club-{card}").click()
        page.wait_for_url(lambda url, before=before: url != before)
    expect(page.locator("#advice-say")).to_be_visible()
    audit(page, "the Club Cards advice")
