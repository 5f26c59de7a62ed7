"""Sentences about a player: third person for a name, second person for "You" (docs/club-cards.md, "Plain words")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddie.core.words import is_you, says, second_person, together, whose, winners_sentence, you_or

# The verbs the games, the ledger and Play put after a player's name.
COMMON_VERBS = ("wins", "has", "plays", "is", "does", "goes", "shares", "reaches", "carries", "turns", "draws", "takes")
# What the person must never read after "You".
THIRD_PERSON = set(COMMON_VERBS)

names = st.text(min_size=1, max_size=24).filter(lambda name: not is_you(name))
verbs = st.text(max_size=40)
yous = st.sampled_from(["You", "you", "YOU", " You "])


@given(names, verbs)
def test_for_any_other_name_says_is_the_name_then_the_verb_unchanged(name, verb):
    assert says(name, verb) == f"{name} {verb}"
    assert says(name, verb, start=False) == f"{name} {verb}"


@given(yous, st.sampled_from(COMMON_VERBS), st.sampled_from(["", " the match with 12", " up every card"]))
def test_for_you_the_verb_is_never_the_third_person_form(you, verb, rest):
    sentence = says(you, verb + rest)
    said = sentence.split()
    assert said[1] not in THIRD_PERSON, sentence
    assert said[1] == second_person(verb)
    assert sentence.endswith(rest)
    assert says(you, verb + rest, start=False).startswith("you "), "inside a sentence the person is 'you'"


@pytest.mark.parametrize(
    "verb, expected",
    [
        ("wins the match with 63", "You win the match with 63"),
        ("has turned up every card", "You have turned up every card"),
        ("plays first", "You play first"),
        ("is playing", "You are playing"),
        ("drew from the deck", "You drew from the deck"),
        ("must turn up a card", "You must turn up a card"),
    ],
)
def test_you_reads_in_the_second_person(verb, expected):
    assert says("You", verb) == expected
    assert says("Ann", verb) == f"Ann {verb}"


@given(names)
def test_whose_is_the_possessive_of_any_other_name(name):
    assert whose(name) in (f"{name}'s", f"{name}'")
    assert whose(name, start=False) == whose(name)
    assert you_or(name) == name


def test_whose_and_you_or_for_the_person():
    assert (whose("You"), whose("you"), whose("You", start=False), you_or("You")) == ("Your", "Your", "your", "you")
    assert (whose("Ann"), whose("Les"), whose("Bess")) == ("Ann's", "Les'", "Bess's")


@given(st.lists(names, min_size=2, max_size=5, unique=True))
def test_several_other_names_are_listed_with_and(listed):
    assert together(listed) == ", ".join(listed[:-1]) + " and " + listed[-1]
    assert winners_sentence(listed, "wins", "share the win") == f"{together(listed)} share the win"


def test_the_winners_sentence_for_one_winner_and_for_a_shared_win():
    assert winners_sentence(["You"], "wins the match with 63", "share the match with 63") == "You win the match with 63"
    assert (
        winners_sentence(["Ann"], "wins the match with 63", "share the match with 63") == "Ann wins the match with 63"
    )
    assert winners_sentence(["You", "Bo"], "wins", "share the win") == "You and Bo share the win"
    assert winners_sentence(["Bo", "You"], "wins", "share the win") == "Bo and you share the win"
