"""The one translator from a refused body to the API's sentence and field
(``caddie.openapi.says``): which complaint comes first, the path it names, the sentence it picks,
and exact choices. The API's own tests send real bodies; these pin the translator's rules."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import Discriminator, Field, Tag, ValidationError

from caddie.openapi.says import Body, OneOf, Says, refusal


class Band(Body):
    UNKNOWN = "Band {n} is just a and b."
    ONE_SHAPE = True

    a: Annotated[int, Says("Band {n}: a is a whole number.")]
    b: Annotated[int, Says("Band {n}: b is a whole number.")]


class Named(Body):
    UNKNOWN = '"{key}" is not a field of a thing; the fields are {fields}.'

    name: Annotated[str, Says("The name is text.")]


def _branch(value: object) -> str | None:
    return "key" if isinstance(value, str) else "thing" if isinstance(value, dict) else None


class Request(Body):
    king: Annotated[int, OneOf(10, 0, -2), Says("A King is 10, 0 or -2.", beyond="{value} is no King's worth.")]
    cards: Annotated[
        list[Annotated[str, Says("Card {n} is text.", missing="Card {n} is missing.")]],
        Says("The cards are a list.", missing="Send the cards."),
    ]
    bands: Annotated[list[Band], Says("The bands are a list.")] = []
    scores: Annotated[dict[str, Annotated[int, Says("A score is a whole number.")]], Says("Scores by name.")] = {}
    thing: Annotated[
        Annotated[str, Tag("key")] | Annotated[Named, Tag("thing")],
        Discriminator(_branch),
        Says("A thing is a key or an object."),
    ] = "x"
    size: Annotated[int, Field(ge=1, le=4), Says("A size is a whole number.", beyond="A size is 1 to 4.")] = 1
    out: Annotated[int | None, Says(lambda body: f"Out is 0 to {len(body.get('cards', [])) - 1}.")] = None


GOOD = {"king": 10, "cards": ["K", "5"]}


def answer(body: dict[str, Any]) -> tuple[str, str | None]:
    with pytest.raises(ValidationError) as caught:
        Request.model_validate(body)
    refused = refusal(Request, caught.value, body)
    return refused.message, refused.field


def test_a_good_body_passes():
    assert Request.model_validate(GOOD).king == 10


@pytest.mark.parametrize(
    "change, sentence, field",
    [
        ({"king": 5}, '"5" is no King\'s worth.', "king"),  # the right type, not a choice: beyond
        ({"king": True}, "A King is 10, 0 or -2.", "king"),  # true is not 1, nor 10.0 ten
        ({"king": 10.0}, "A King is 10, 0 or -2.", "king"),
        ({"king": "10"}, "A King is 10, 0 or -2.", "king"),
        ({"cards": None}, "Send the cards.", "cards"),
        ({"cards": "K5"}, "The cards are a list.", "cards"),
        ({"cards": ["K", None]}, "Card 2 is missing.", "cards[1]"),
        ({"cards": ["K", 5]}, "Card 2 is text.", "cards[1]"),
        ({"bands": [{"a": 1, "b": 2}, {"a": 1}]}, "Band 2 is just a and b.", "bands[1]"),  # one shape: the band
        ({"bands": [{"a": 1, "b": "2"}]}, "Band 1: b is a whole number.", "bands[0].b"),
        ({"bands": [{"a": 1, "b": 2, "c": 3}]}, "Band 1 is just a and b.", "bands[0]"),
        ({"scores": {"Ann": "5"}}, "A score is a whole number.", "scores.Ann"),
        ({"scores": []}, "Scores by name.", "scores"),
        ({"thing": 7}, "A thing is a key or an object.", "thing"),
        ({"thing": {"name": 3}}, "The name is text.", "thing.name"),  # into the tagged branch
        (
            {"thing": {"name": "a", "colour": 1}},
            '"colour" is not a field of a thing; the fields are name.',
            "thing.colour",
        ),
        ({"size": 9}, "A size is 1 to 4.", "size"),
        ({"size": "9"}, "A size is a whole number.", "size"),
        ({"out": "first"}, "Out is 0 to 1.", "out"),  # a sentence made from the whole body
    ],
)
def test_each_refusal_names_its_field_with_its_sentence(change, sentence, field):
    assert answer({**GOOD, **change}) == (sentence, field)


def test_an_empty_list_is_missing_only_where_the_model_bounds_it():
    assert Request.model_validate({**GOOD, "cards": []}).cards == []  # the core says how many cards


def test_a_missing_field_is_named_with_its_missing_sentence():
    assert answer({"king": 10}) == ("Send the cards.", "cards")


def test_an_unknown_field_comes_before_anything_else_and_lists_the_required_fields_first():
    sentence, field = answer({"king": "ten", "cards": 5, "mystery": 1})
    assert field == "mystery"
    assert sentence == (
        '"mystery" is not a field of this request; the fields are king, cards, bands, scores, thing, size, out.'
    )


def test_a_long_unknown_key_is_cut_short_in_the_sentence_and_the_path():
    sentence, field = answer({**GOOD, "x" * 100: 1})
    assert field == "x" * 40 + "…" and "x" * 41 not in sentence


@given(king=st.integers() | st.booleans() | st.floats(allow_nan=False) | st.text(max_size=3) | st.none())
def test_one_of_takes_exactly_its_choices(king):
    body = {**GOOD, "king": king}
    if type(king) is int and king in (10, 0, -2):
        assert Request.model_validate(body).king == king
    else:
        assert answer(body)[1] == "king"
