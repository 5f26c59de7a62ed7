"""The rules page (/rules/): the base rules, and each house rule in force with a worked example
whose numbers are the scorer's (docs/settings.md)."""

from __future__ import annotations

import html as htmllib
import re

import pytest

HOUSE_HEADINGS = ("House card values", "Hand bonuses", "Table adjustments")


def text(fragment: str) -> str:
    """A fragment's words as a reader meets them: tags gone, spaces squeezed."""
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def example(html: str, key: str) -> str | None:
    match = re.search(rf'<figure class="rule-example" id="example-{key}">(.*?)</figure>', html, re.S)
    return text(match.group(1)) if match else None


def seat(html: str, key: str, name: str) -> str:
    figure = re.search(rf'id="example-{key}">(.*?)</figure>', html, re.S).group(1)
    return text(re.search(rf'data-seat="{name}">(.*?)</ul>', figure, re.S).group(1))


def test_a_table_without_house_rules_reads_as_before(client):
    html = client.get("/rules/").text
    assert "rule-example" not in html
    for heading in HOUSE_HEADINGS:
        assert f"<h2>{heading}</h2>" not in html
    assert 'id="rule-flip_as_action"' not in html and 'id="rule-early_knock"' not in html
    assert text(re.search(r'<p id="example-base">(.*?)</p>', html, re.S).group(1)) == (
        "Top row K 5 7, bottom row K 3 9: the Kings pair off for 0, then 5 + 3 = 8 and 7 + 9 = 16, "
        "a hole score of 24 . Tally it ."
    )
    assert "in two rows of 3" in html


# rule -> (the settings that turn it on, the example's lines as a reader sees them), six cards
GRID_EXAMPLES = {
    "king": ({"king": -2}, "Columns 17 Score 17"),  # K over 5 is 3, K K 0, 5 over 9 is 14
    "ten": ({"ten": 1}, "Columns 32 Score 32"),  # 10 over 5 is 6, then 14 and 12
    "joker": ({"negatives": "jokers", "joker": -5}, "Columns 26 Score 26"),  # joker over 5 is 0
    "lucky_swing": ({"lucky_swing": "y"}, "Columns 26 Score 26"),
    "eagle_eye": ({"negatives": "jokers", "eagle_eye": "y"}, "Columns 17 Score 17"),  # 7, −4, 14
    "one_eyed_jacks": ({"one_eyed_jacks": "y"}, "Columns 19 Score 19"),  # OJ over 5 is 5, OJ J 0, 14
    "four_of_a_kind": ({"four_of_a_kind": "y"}, "Columns 14 Four 7s −20 Score −6"),
    "wolfpack": ({"wolfpack": "y"}, "Columns 14 Wolfpack, four Jacks −20 Score −6"),
    "blackjack": ({"blackjack": "y"}, "Columns 21 Blackjack, 21 scores 0 −21 Score 0"),
}


@pytest.mark.parametrize("rule", list(GRID_EXAMPLES))
def test_each_grid_rule_has_its_example_exactly_when_it_is_on(client, settings_saver, rule):
    changes, lines = GRID_EXAMPLES[rule]
    assert example(client.get("/rules/").text, rule) is None
    settings_saver(**changes)
    html = client.get("/rules/").text
    shown = example(html, rule)
    assert shown is not None and shown.endswith(lines), shown
    others = [key for key in GRID_EXAMPLES if key != rule and example(html, key) is not None]
    assert others == []


# rule -> (settings, Ann's lines, Bo's lines): Ann 35 (5 9 | 4 8 | 3 6), Bo 13 (A 3 | A 4 | 3 A)
TABLE_EXAMPLES = {
    "knock_penalty": (
        {"knock_penalty": "y"},
        "Ann · out first",
        "Columns 35 Knock penalty, beaten after going out +10 Score 45",
        "Columns 13 Score 13",
    ),
    "knock_bonus": (
        {"knock_bonus": "y"},
        "Ann · out first",
        "Columns 13 Knock bonus, out first −5 Score 8",
        "Columns 35 Score 35",
    ),
    "underdog": (
        {"underdog": "y"},
        "Bo · out first",
        "Columns 35 Score 35",
        "Columns 13 Underdog, lowest score −3 Score 10",
    ),
    "tied_shame": (
        {"tied_shame": "y"},
        "Cy · out first",
        "Columns 35 Tied shame, a tie +5 Score 40",
        "Columns 35 Tied shame, a tie +5 Score 40",
    ),
}


@pytest.mark.parametrize("rule", list(TABLE_EXAMPLES))
def test_each_table_rule_has_a_small_table_example_exactly_when_it_is_on(client, settings_saver, rule):
    changes, out, ann, bo = TABLE_EXAMPLES[rule]
    assert example(client.get("/rules/").text, rule) is None
    settings_saver(**changes)
    html = client.get("/rules/").text
    assert out in example(html, rule)
    assert f"{out.split(' ')[0]} goes out first." in example(html, rule)
    assert seat(html, rule, "Ann").endswith(ann) and seat(html, rule, "Bo").endswith(bo)
    assert [key for key in TABLE_EXAMPLES if key != rule and example(html, key) is not None] == []
    assert "<h2>Table adjustments</h2>" in html


def test_every_rule_in_force_applies_to_each_example(client, settings_saver):
    # the knock penalty's hole under the knock bonus too: Ann takes both, in the scoring order
    settings_saver(knock_penalty="y", knock_bonus="y", four_of_a_kind="y", wolfpack="y")
    html = client.get("/rules/").text
    assert seat(html, "knock_penalty", "Ann").endswith(
        "Columns 35 Knock penalty, beaten after going out +10 Knock bonus, out first −5 Score 40"
    )
    # two matched columns of Jacks are four of a kind as well as a Wolfpack
    assert example(html, "wolfpack").endswith("Columns 14 Four Jacks −20 Wolfpack, four Jacks −20 Score −26")


def test_nine_cards_read_as_three_rows_and_score_columns_of_three(client, settings_saver):
    settings_saver(cards=9, four_of_a_kind="y")
    html = client.get("/rules/").text
    assert "in three rows of three" in html and "Two of a kind in a column of three do not cancel" in html
    assert text(re.search(r'<p id="example-base">(.*?)</p>', html, re.S).group(1)).startswith(
        "Top row K 5 7, middle row K 3 9, bottom row K 8 4: the Kings pair off for 0, "
        "then 5 + 3 + 8 = 16 and 7 + 9 + 4 = 20, a hole score of 36"
    )
    assert example(html, "four_of_a_kind").endswith("Columns 17 Four 7s −20 Score −3")
    assert 'aria-label="Seven, middle row, column 1"' in html
    assert "/tally/grid?hand=K,5,7,K,3,9,K,8,4&amp;size=9" in html


def test_super_kings_kept_as_a_pair_change_the_layouts_example(client, settings_saver):
    settings_saver(king=-2, negative_pairs="keep")
    html = client.get("/rules/").text
    assert "the Kings are matched and keep −4, then 5 + 3 = 8 and 7 + 9 = 16, a hole score of 20" in text(html)
    assert example(html, "king").endswith("Columns 13 Score 13")


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"flip_as_action": "y"}, "your whole turn may be turning up one of your face-down cards"),
        ({"early_knock": "y"}, "your whole turn may be turning them all up: you go out"),
        ({"discard_flip": "optional"}, "you may turn one of your face-down cards up, if you like"),
        ({"discard_flip": "true"}, "you must turn one of your face-down cards up"),
    ],
)
def test_turn_options_are_explained_when_on(client, settings_saver, changes, words):
    assert words not in text(client.get("/rules/").text)
    settings_saver(**changes)
    assert words in text(client.get("/rules/").text)


def test_example_cards_are_named_for_what_a_player_sees(client, settings_saver):
    settings_saver(four_of_a_kind="y", underdog="y")
    html = client.get("/rules/").text
    assert 'aria-label="Seven, top row, column 1"' in html
    assert 'aria-label="Ann&#39;s grid"' in html and 'aria-label="Bo&#39;s grid"' in html
