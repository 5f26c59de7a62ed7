"""Errors the core raises: each carries a sentence a player understands and,
where it applies, the input field it is about, so a form or the JSON API can
put the message beside the thing that is wrong."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


def quoted(value: object, limit: int = 24) -> str:
    """User input echoed in a message, cut short so a paste of junk stays readable.

    >>> quoted("kings"), quoted("x" * 40)
    ('"kings"', '"xxxxxxxxxxxxxxxxxxxxxxx…"')
    """
    text = value if isinstance(value, str) else repr(value)
    text = text.strip()
    return f'"{text[: limit - 1]}…"' if len(text) > limit else f'"{text}"'


def or_list(words: Iterable[object]) -> str:
    """Choices as a sentence says them.

    >>> or_list(["standard", "classic", "bicycle"]), or_list([10, 20]), or_list(["grid"])
    ('standard, classic or bicycle', '10 or 20', 'grid')
    """
    texts = [str(word) for word in words]
    return " or ".join([", ".join(texts[:-1]), texts[-1]]) if len(texts) > 1 else texts[0]


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

    def as_dict(self) -> dict[str, str | None]:
        return {"error": self.message, "field": self.field}

    def __reduce__(
        self,
    ) -> tuple[Callable[..., CaddieError], tuple[type[CaddieError], str, str | None, dict[str, Any]]]:
        """Pickled as its class, sentence and field, whatever its subclass's constructor takes:
        heavy work raises these in a helper process and the request thread re-raises them.

        >>> import pickle
        >>> from caddie.core.export_format import FormatError
        >>> err = pickle.loads(pickle.dumps(FormatError("rounds[0]", "is not an object.")))
        >>> type(err).__name__, err.as_dict()
        ('FormatError', {'error': 'rounds[0]: is not an object.', 'field': 'rounds[0]'})
        """
        return _rebuilt, (type(self), self.message, self.field, self.__dict__)


def _rebuilt(cls: type[CaddieError], message: str, field: str | None, state: dict[str, Any]) -> CaddieError:
    err = cls.__new__(cls, message)
    CaddieError.__init__(err, message, field)
    err.__dict__.update(state)
    return err


class CardError(CaddieError):
    """A card code that is not a card, or a card the rules leave out."""


class RulesError(CaddieError):
    """A rules field with a value the game does not have."""


class HandError(CaddieError):
    """A hand that cannot exist: wrong size, too many copies, short of the hole."""
