"""What every request model of the JSON API shares: the base ``Body``, the sentence a refused
field answers with (``Says``), exact choices (``OneOf``), and ``refusal``, the one translator
from a pydantic ``ValidationError`` to the API's ``400 {"error": <a sentence>, "field": <path>}``.

A model checks shapes and ranges only: JSON types, choices, bounds, unknown fields. What needs
the game (a card that exists, a grid as long as the rules deal, a legal move) the core checks,
with its own sentences, after the model has passed the body.

The sentence for a field is written beside the field, as ``Annotated[..., Says(...)]``:

- ``wrong``: the value has the wrong type or is out of range;
- ``missing``: the field is absent, null, or an empty list or object (``wrong`` when not given);
- ``beyond``: the value has the right type but is out of bounds, or not one of the choices
  (``wrong`` when not given);
- ``{n}`` in a sentence is the place (from 1) of the nearest list item in the path, ``{key}``
  the last object key, ``{count}`` the length of the list or text refused, ``{value}`` the value
  refused, quoted and cut short; a sentence may also be made from the whole body sent.

A model's ``UNKNOWN`` names a field it does not have, with ``{key}`` and ``{fields}`` (its
fields, the required ones first); a model of ``ONE_SHAPE`` says it for a missing field too.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, NamedTuple, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, GetCoreSchemaHandler, ValidationError
from pydantic_core import CoreSchema, PydanticCustomError, core_schema

from caddie.core.errors import CaddieError, quoted

__all__ = ["Body", "Example", "OneOf", "Says", "fields_of", "refusal", "shortened"]

# pydantic's kinds of error for a value of the right type beyond a field's bounds
BOUNDS = frozenset(
    {"choice_error", "greater_than", "greater_than_equal", "less_than", "less_than_equal", "too_short", "too_long"}
)
KEY_LIMIT = 40  # an unknown key echoed in a sentence or a path is cut to this


Sentence = str | Callable[[Any], str]  # a sentence, or one made from the whole body sent


@dataclass(frozen=True)
class Says:
    """The sentence a refused field answers with (see the module's docstring)."""

    wrong: Sentence
    missing: Sentence | None = None
    beyond: Sentence | None = None


class Example(NamedTuple):
    """A named example of a request and the answer it gets: the test suite sends each one and
    checks that the documented answer comes back."""

    summary: str
    request: dict[str, Any]
    status: int
    answer: dict[str, Any]


class Body(BaseModel):
    """A request body: a JSON object holding only the model's fields, each of the JSON type the
    model says (strict: ``"5"`` is not a number, ``5.0`` and ``true`` are not integers)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    UNKNOWN: ClassVar[str] = '"{key}" is not a field of this request; the fields are {fields}.'
    # A model of one fixed shape (a penalty band): a field missing or unknown is refused as the
    # whole object, with UNKNOWN, at the object's path.
    ONE_SHAPE: ClassVar[bool] = False
    EXAMPLES: ClassVar[dict[str, Example]] = {}


class OneOf:
    """Metadata of a field that takes exactly one of ``choices``: as JSON types go, ``1`` is not
    ``true`` and ``10.0`` is not ``10`` (pydantic's ``Literal`` alone lets those through). A value
    of a type the choices have, but none of them, is out of bounds (``Says.beyond``)."""

    def __init__(self, *choices: Any) -> None:
        self.choices = choices
        self.types = frozenset(type(choice) for choice in choices)

    def __get_pydantic_core_schema__(self, _source: Any, _handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.no_info_before_validator_function(
            self._exactly, core_schema.literal_schema(list(self.choices))
        )

    def _exactly(self, value: Any) -> Any:
        if type(value) not in self.types:
            raise PydanticCustomError("literal_error", "not of the choices' type")
        if value not in self.choices:
            raise PydanticCustomError("choice_error", "not one of the choices")
        return value


def refusal(model: type[BaseModel], error: ValidationError, body: Any = None) -> CaddieError:
    """The refusal for the first thing wrong with ``body``, which ``model`` did not take: an
    unknown field before anything else, then the fields in the model's order."""
    problems = error.errors(include_url=False, include_context=False)
    first = next((p for p in problems if p["type"] == "extra_forbidden"), problems[0])
    return _refusal(model, first["loc"], first["type"], first.get("input"), body)


def _refusal(model: type[BaseModel], loc: Sequence[int | str], kind: str, value: Any, body: Any) -> CaddieError:
    path = owner_path = ""
    says: Says | None = None
    owner: type[BaseModel] = model
    number = key = ""
    hint: Any = model
    for part in loc:
        hint, found = _strip(hint)
        says = found or says
        if isinstance(part, int):
            number = str(part + 1)
            path += f"[{part}]"
            hint = _item(hint)
            continue
        if get_origin(hint) is dict:  # a key of an object of named values, such as scores by name
            key = shortened(part)
            path += f".{key}"
            hint = get_args(hint)[1]
            continue
        if isinstance(hint, type) and issubclass(hint, BaseModel):
            owner, owner_path = hint, path
            key = shortened(part)
            path += f".{key}" if path else key
            field = hint.model_fields.get(part)
            if field is None:  # a field the model does not have: nothing further down to find
                hint = None
                continue
            says = next((m for m in field.metadata if isinstance(m, Says)), None)
            hint = field.annotation
        else:  # pydantic's name for a branch of a union, which is no part of the body's path
            hint = _branch_named(hint, part)
    _, found = _strip(hint)
    says = found or says
    one_shape = getattr(owner, "ONE_SHAPE", False)
    if kind == "extra_forbidden" or (kind == "missing" and one_shape):
        fields = ", ".join(fields_of(owner))
        unknown = _filled(getattr(owner, "UNKNOWN", Body.UNKNOWN), key=key, fields=fields, n=number)
        return CaddieError(unknown, owner_path if one_shape else path)
    if says is None:  # every field of a model says something: this is a model without a sentence
        raise TypeError(f"{model.__name__}: no sentence for {path or 'the body'}") from None
    sentence = says.wrong
    if (kind == "missing" or value is None or value in ([], {})) and says.missing:
        sentence = says.missing
    elif kind in BOUNDS and says.beyond:
        sentence = says.beyond
    if callable(sentence):
        sentence = sentence(body)
    count = len(value) if isinstance(value, (list, dict, str)) else 0
    return CaddieError(_filled(sentence, n=number, key=key, count=str(count), value=quoted(value)), path or None)


def _filled(sentence: str, **values: str) -> str:
    """``sentence`` with each ``{name}`` of ``values`` filled in (other braces are the sentence's own,
    as in ``{"king": 0}``)."""
    for name, value in values.items():
        sentence = sentence.replace(f"{{{name}}}", value)
    return sentence


def fields_of(model: type[BaseModel]) -> list[str]:
    """The model's fields as a sentence lists them: the required ones first."""
    return sorted(model.model_fields, key=lambda name: not model.model_fields[name].is_required())


def _strip(hint: Any) -> tuple[Any, Says | None]:
    """``hint`` without ``Annotated`` and ``| None``, and the ``Says`` it was annotated with."""
    says = None
    while True:
        if get_origin(hint) is Annotated:
            hint, *extras = get_args(hint)
            says = next((m for m in extras if isinstance(m, Says)), says)
        elif get_origin(hint) in (Union, types.UnionType):
            branches = [arg for arg in get_args(hint) if arg is not type(None)]
            if len(branches) != 1:
                return hint, says
            hint = branches[0]
        else:
            return hint, says


def _branch_named(hint: Any, name: str) -> Any:
    """The branch of the union ``hint`` that pydantic calls ``name`` (its tag, or its type's name)."""
    if get_origin(hint) not in (Union, types.UnionType):
        return hint
    for branch in get_args(hint):
        extras = get_args(branch)[1:] if get_origin(branch) is Annotated else ()
        tags = [getattr(extra, "tag", None) for extra in extras]
        if name in tags or getattr(_strip(branch)[0], "__name__", None) == name:
            return branch
    return hint


def _item(hint: Any) -> Any:
    """The type of an item of the list type ``hint``."""
    args = get_args(hint)
    return args[0] if args else None


def shortened(text: str, limit: int = KEY_LIMIT) -> str:
    return text if len(text) <= limit else text[:limit] + "…"
