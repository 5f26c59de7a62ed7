"""Errors the core raises: each carries a sentence a player understands and,
where it applies, the input field it is about, so a form or the JSON API can
put the message beside the thing that is wrong."""

from __future__ import annotations


def quoted(value: object, limit: int = 24) -> str:
    """User input echoed in a message, cut short so a paste of junk stays readable.

    >>> quoted("kings"), quoted("x" * 40)
    ('"kings"', '"xxxxxxxxxxxxxxxxxxxxxxx…"')
    """
    text = value if isinstance(value, str) else repr(value)
    text = text.strip()
    return f'"{text[:limit - 1]}…"' if len(text) > limit else f'"{text}"'


class CaddieError(ValueError):
    """Base of every input error the core raises.

    >>> err = CaddieError("Kings are worth 0 or 10.", field="king")
    >>> str(err), err.field
    ('Kings are worth 0 or 10.', 'king')
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def as_dict(self) -> dict:
        return {"error": self.message, "field": self.field}


class CardError(CaddieError):
    """A card code that is not a card, or a card the rules leave out."""


class RulesError(CaddieError):
    """A rules field with a value the game does not have."""


class HandError(CaddieError):
    """A hand that cannot exist: wrong size, too many copies, short of the hole."""
