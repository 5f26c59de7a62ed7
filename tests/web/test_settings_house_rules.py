"""Settings offers every house rule (docs/settings.md): each group saves and reads back, each
preset loads every field, and bad or contradicting rules are refused beside their field."""

from __future__ import annotations

import html as htmllib
import re
from dataclasses import fields
from html.parser import HTMLParser

import pytest

from caddie.core.grid.rules import HOUSE_FLAGS, PRESETS, Rules
from tests.web.conftest import VERSION, settings_form
from tests.web.test_settings import chip

RULE_FIELDS = [f.name for f in fields(Rules)]


class _Inputs(HTMLParser):
    """The values a browser would send for the form's radios and check boxes as drawn."""

    def __init__(self):
        super().__init__()
        self.checked: dict[str, str] = {}
        self.names: set[str] = set()
        self.open_groups: set[str] = set()
        self._group = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section" and (a.get("id") or "").startswith("group-"):
            self._group = a["id"].removeprefix("group-")
        if tag == "details" and "open" in a and self._group:
            self.open_groups.add(self._group)
        if tag == "input" and a.get("name"):
            self.names.add(a["name"])
            if a.get("type") in ("radio", "checkbox") and "checked" in a:
                self.checked[a["name"]] = a.get("value", "on")


def drawn(html: str) -> _Inputs:
    parser = _Inputs()
    parser.feed(html)
    return parser


def error_beside(html: str, field: str) -> str | None:
    match = re.search(rf'<p class="error" id="{field}-error">([^<]+)</p>', html)
    return htmllib.unescape(match.group(1)) if match else None


def post(client, csrf_token, **changes):
    data = settings_form(**changes)
    data.update(csrf_token=csrf_token("/settings"), version=VERSION.search(client.get("/settings").text).group(1))
    return client.post("/settings", data=data)


def test_every_rules_field_is_on_the_form(client):
    form = drawn(client.get("/settings").text)
    assert set(RULE_FIELDS) <= form.names | {"holes"}
    assert 'name="holes"' in client.get("/settings").text


@pytest.mark.parametrize(
    "changes, shown, words",
    [
        ({"cards": 9}, {"cards": "9"}, "Standard · Nine cards"),
        (
            {"king": -2, "ten": 1, "negatives": "both", "joker": -5, "negative_pairs": "keep", "one_eyed_jacks": "y"},
            {"king": "-2", "ten": "1", "negatives": "both", "joker": "-5", "negative_pairs": "keep"},
            "Standard · K=−2 · 10=1 · jokers −5 · −2 pairs keep · one-eyed Jacks 0",
        ),
        ({"lucky_swing": "y"}, {"lucky_swing": "y"}, "Standard · Lucky Swing"),
        ({"negatives": "jokers", "eagle_eye": "y"}, {"eagle_eye": "y"}, "Standard · Eagle-Eye jokers · 2s +2"),
        (
            {"four_of_a_kind": "y", "wolfpack": "y", "blackjack": "y"},
            {"four_of_a_kind": "y", "wolfpack": "y", "blackjack": "y"},
            "Standard · four of a kind −20 · Wolfpack −20 · 21 scores 0",
        ),
        (
            {"knock_penalty": "y", "knock_bonus": "y", "underdog": "y", "tied_shame": "y"},
            {"knock_penalty": "y", "knock_bonus": "y", "underdog": "y", "tied_shame": "y"},
            "Standard · knock +10 · knock −5 · underdog −3 · ties +5",
        ),
        (
            {
                "flip_as_action": "y",
                "early_knock": "y",
                "discard_flip": "optional",
                "initial_flips": 1,
                "end": "final_turn",
            },
            {
                "flip_as_action": "y",
                "early_knock": "y",
                "discard_flip": "optional",
                "initial_flips": "1",
                "end": "final_turn",
            },
            "Speed Golf · Six cards · K=10 · final turn · discard may flip",
        ),
        ({"discard_flip": "true"}, {"discard_flip": "true"}, "Standard · discard flips"),
    ],
    ids=[
        "layout",
        "card-values",
        "lucky-swing",
        "eagle-eye",
        "hand-bonuses",
        "table-adjustments",
        "turns",
        "discard-always",
    ],
)
def test_each_group_saves_and_reads_back(client, settings_saver, changes, shown, words):
    settings_saver(**changes)
    assert chip(client) == words
    form = drawn(client.get("/settings").text)
    for name, value in shown.items():
        assert form.checked.get(name) == value, name
    # what was not changed reads back as the standard table
    for name in HOUSE_FLAGS:
        if name not in changes:
            assert name not in form.checked, name


def test_the_match_group_saves_holes_and_players(client, settings_saver):
    settings_saver(holes=18, players=5)
    html = client.get("/settings").text
    assert 'id="holes" name="holes" type="number" inputmode="numeric" min="1" max="18" value="18"' in html
    assert 'id="players" name="players" type="number" inputmode="numeric" min="1" max="8" value="5"' in html
    assert "2 for Grid Golf" in html  # five players shuffle two decks


def test_a_folded_group_opens_when_a_rule_in_it_is_on(client, settings_saver):
    form = drawn(client.get("/settings").text)
    assert form.open_groups == set()
    settings_saver(knock_bonus="y")
    html = client.get("/settings").text
    assert drawn(html).open_groups == {"adjustments"}
    assert re.search(r'id="group-adjustments".*?<span class="group-state">Knock bonus</span>', html, re.S)
    assert re.search(r'id="group-bonuses".*?<span class="group-state">All off</span>', html, re.S)


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_loads_every_field_without_saving(client, csrf_token, settings_saver, name):
    settings_saver(four_of_a_kind="y", knock_penalty="y", ten=1, cards=10, holes=18)
    before = chip(client)
    response = post(
        client, csrf_token, four_of_a_kind="y", knock_penalty="y", ten=1, cards=10, holes=18, apply_preset=name
    )
    assert response.status_code == 200 and "loaded. Press Save to use it." in response.text
    form = drawn(response.text)
    wanted = PRESETS[name]
    for field in RULE_FIELDS:
        if field == "holes":
            continue
        value = getattr(wanted, field)
        if field in HOUSE_FLAGS:
            assert (field in form.checked) is value, field
        else:
            sent = {False: "false", True: "true"}.get(value, str(value)) if field == "discard_flip" else str(value)
            assert form.checked.get(field) == sent, field
    assert 'value="18"' in response.text  # the match length is the table's own
    assert chip(client) == before


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_saved_preset_is_recognised(client, settings_saver, name):
    wanted = PRESETS[name]
    changes = {
        f: ("y" if getattr(wanted, f) else None) if f in HOUSE_FLAGS else getattr(wanted, f) for f in RULE_FIELDS
    }
    changes["discard_flip"] = {False: "false", True: "true"}.get(wanted.discard_flip, wanted.discard_flip)
    settings_saver(**changes)
    assert re.search(rf'value="{name}"[^>]*aria-current="true"', client.get("/settings").text)


@pytest.mark.parametrize(
    "changes, field, message",
    [
        (
            {"negatives": "jokers", "lucky_swing": "y", "eagle_eye": "y"},
            "eagle_eye",
            "Lucky Swing and Eagle-Eye jokers each say what a joker is worth: choose one.",
        ),
        ({"eagle_eye": "y"}, "eagle_eye", "Eagle-Eye jokers need jokers in the deck"),
        ({"negatives": "jokers", "eagle_eye": "y", "joker": -3}, "joker", "leave the joker's value at −2."),
        ({"lucky_swing": "y", "joker": -3}, "joker", "Lucky Swing's one joker is worth −5"),
        ({"joker": -5}, "joker", "Jokers are not in the deck under these rules"),
        ({"negatives": "both", "joker": -4}, "joker", "A joker is worth −2, −3, −5 or 0 points."),
        ({"negatives": "both", "joker": "lots"}, "joker", "A joker is worth −2, −3, −5 or 0 points."),
        ({"discard_flip": "sometimes"}, "discard_flip", 'or if the player likes ("optional").'),
        ({"cards": 7}, "cards", "A grid holds 4, 6, 8, 9 or 10 cards."),
        ({"king": -3}, "king", "A King is worth 10, 0 or −2 points."),
        ({"ten": 5}, "ten", "A 10 is worth 10 points, or 1 under Ten Penny."),
        ({"initial_flips": 3}, "initial_flips", "Each player turns up 0, 1 or 2 cards after the deal."),
        ({"negatives": "threes"}, "negatives", 'The negative cards are "twos", "jokers" or "both".'),
        ({"end": "later"}, "end", "A hole ends"),
        ({"negative_pairs": "half"}, "negative_pairs", "A matched pair of negative cards"),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 20 else None,
)
def test_bad_or_contradicting_rules_are_refused_beside_their_field(
    client, csrf_token, settings_saver, changes, field, message
):
    settings_saver(knock_bonus="y")
    before_chip, before_form = chip(client), drawn(client.get("/settings").text).checked
    response = post(client, csrf_token, knock_bonus="y", **changes)
    assert response.status_code == 400
    beside = error_beside(response.text, field)
    assert beside is not None and message in beside, (field, beside)
    assert "Nothing was saved" in response.text
    # the field is marked and named by its error
    assert re.search(rf'aria-describedby="[^"]*{field}-error', response.text)
    assert chip(client) == before_chip
    assert drawn(client.get("/settings").text).checked == before_form


def test_a_refused_rule_in_a_folded_group_opens_it(client, csrf_token, settings_saver):
    # a bad value can only come from a hand-made request, but it still lands beside its field
    response = post(client, csrf_token, four_of_a_kind="y", knock_penalty="y", negatives="jokers", joker=-4)
    assert response.status_code == 400
    assert {"bonuses", "adjustments"} <= drawn(response.text).open_groups
    assert drawn(response.text).checked.get("four_of_a_kind") == "y"  # what was chosen stays


def test_htmx_refusal_is_the_form_alone_with_the_sentence_beside_the_field(client, csrf_token):
    data = settings_form(eagle_eye="y")
    token = csrf_token("/settings")
    data.update(version="0")
    response = client.post("/settings", data=data, headers={"HX-Request": "true", "X-CSRFToken": token})
    assert response.status_code == 400
    assert "<html" not in response.text and response.text.lstrip().startswith("<form")
    assert "need jokers in the deck" in error_beside(response.text, "eagle_eye")
    assert chip(client) == "Standard rules"


def test_a_stale_form_keeps_the_house_rules_chosen(client, csrf_token, settings_saver):
    settings_saver(king=0)  # version 1 now
    data = settings_form(four_of_a_kind="y", underdog="y", discard_flip="optional")
    data.update(csrf_token=csrf_token("/settings"), version="0")
    response = client.post("/settings", data=data)
    assert response.status_code == 409 and "changed in another tab" in response.text
    form = drawn(response.text)
    assert form.checked["four_of_a_kind"] == "y" and form.checked["underdog"] == "y"
    assert form.checked["discard_flip"] == "optional"
    assert chip(client) == "Classic rules"


def test_a_plain_browser_save_redirects_and_keeps_every_field(client, settings_saver):
    response = settings_saver(cards=9, king=-2, wolfpack="y", tied_shame="y", early_knock="y")
    assert response.headers["Location"] == "/settings"
    page = client.get("/settings").text
    assert (
        "Saved. Every page now uses: Nine cards · K=−2 · 2s −2 · Wolfpack −20 · ties +5 · early knock."
        in htmllib.unescape(page)
    )
