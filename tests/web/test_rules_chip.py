"""The header's rules chip speaks of the rules of the thing on the page: a match or a round keeps
the rules it was dealt with after Settings change; other pages show Settings."""

from __future__ import annotations

import re

from tests.web.play.test_play_pages import start
from tests.web.test_ledger_pages import deal

CHIP = re.compile(
    r'class="rules-chip"[^>]*>\s*<span class="visually-hidden">Rules in force:</span>'
    r'<span class="rules-chip-text">([^<]*)</span></a>'
)


def chip(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    found = CHIP.search(response.get_data(as_text=True))
    assert found, path
    return found.group(1).strip()


def test_a_match_shows_its_own_rules_not_the_settings(client):
    match_id = start(client, cards=4)  # the start form chose four cards; Settings still say six
    assert chip(client, "/play/") == "Standard rules"
    assert chip(client, f"/t/{match_id}") == "Standard · Four cards"


def test_a_round_keeps_the_rules_it_was_dealt_with(client, settings_saver):
    round_id = deal(client)
    settings_saver(king="0")
    assert chip(client, "/tally/grid") == "Classic rules"
    assert chip(client, f"/ledger/r/{round_id}") == "Standard rules"
    assert chip(client, f"/ledger/r/{round_id}/delete") == "Standard rules"


def test_club_cards_pages_show_the_club_cards_rules(client):
    assert chip(client, "/ledger/new?game=clubs").startswith("Club Cards")
    assert chip(client, "/tally/clubs").startswith("Club Cards")
