"""The one rule for a player's name, in every game, the ledger and at a live table.

A name is what other people read on their own phones, so two things are refused or taken out:

- a name with nothing that shows (only zero-width characters, format characters, combining
  marks or blank-looking letters such as the Hangul filler) would make an invisible player;
- bidirectional control characters (U+202A-U+202E, U+2066-U+2069, U+200E/U+200F, U+061C) would
  reorder what is drawn after them: ``"\\u202eevil"`` shows as "live". They are taken out here,
  and the pages also draw other people's names isolated (``<bdi>``) for names stored before.

Control characters other than white space (NUL, which PostgreSQL's text refuses, a bell, an
escape) and lone surrogates are refused with a sentence wherever a name is typed or sent
(``check_visible``, ``check_printable``): taking them out silently would store a name the person
did not type. White space (tabs and newlines from a paste) becomes one space. A file made before
this rule may hold such a name: its import repairs it (``repair_name``) and says so.
"""

from __future__ import annotations

import unicodedata

from caddie.core.errors import CaddieError

__all__ = [
    "BIDI_CONTROLS",
    "NOTHING_SHOWS",
    "check_printable",
    "check_typed",
    "check_visible",
    "printable",
    "repair_name",
    "shows",
    "tidy_name",
    "unshowable_sentence",
]

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Letters and symbols by category that every font draws as blank space.
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800")
NOTHING_SHOWS = "A name needs a letter, digit or sign that shows: this one has only invisible characters."


def unshowable_sentence(what: str) -> str:
    """The refusal of text holding a control character, about ``what`` ("A player's name")."""
    return f"{what} holds characters that cannot be shown on a scorecard."


def printable(text: str) -> bool:
    """Whether ``text`` is free of control characters (white space aside) and lone surrogates.

    >>> printable("Ann Lee\\t"), printable("Bob\\x07"), printable("A\\x00"), printable("\\ud800")
    (True, False, False, False)
    """
    return not any(unicodedata.category(ch) in ("Cc", "Cs") and not ch.isspace() for ch in text)


def check_printable(
    text: str, what: str, field: str | None, error: type[CaddieError] = CaddieError, limit: int | None = None
) -> str:
    """``text`` with its white space tidied; ``error`` if it holds a control character or lone
    surrogate, or is longer than ``limit``. For every name a person types (a player's, a course's
    or a tee's), so that nothing a scorecard cannot show reaches the database.

    >>> check_printable("  Heron   Creek ", "The course's name", "name")
    'Heron Creek'
    >>> check_printable("Ho\\x00me", "The course's name", "name")
    Traceback (most recent call last):
    ...
    caddie.core.errors.CaddieError: The course's name holds characters that cannot be shown on a scorecard.
    """
    if not printable(text):
        raise error(unshowable_sentence(what), field)
    tidy = " ".join(text.split())
    if limit is not None and len(tidy) > limit:
        raise error(f"{what} is too long: keep it to {limit} characters.", field)
    return tidy


def check_typed(text: str, what: str, field: str | None, limit: int, blank: bool = False) -> str:
    """A name or label as a person typed it (``check_printable``), and not blank unless ``blank``.

    >>> check_typed("  Ann ", "Your name", "name", 24)
    'Ann'
    >>> check_typed("   ", "Your name", "name", 24)
    Traceback (most recent call last):
    ...
    caddie.core.errors.CaddieError: Your name is blank.
    """
    tidy = check_printable(text, what, field, limit=limit)
    if not tidy and not blank:
        raise CaddieError(f"{what} is blank.", field)
    return tidy


def tidy_name(text: str) -> str:
    """``text`` without bidirectional controls or control characters, white space runs as one
    space, the ends stripped.

    >>> tidy_name("  Ann \\u202e  Lee\\n"), tidy_name("\\u202eevil"), tidy_name("\\u2067\\u2069")
    ('Ann Lee', 'evil', '')
    """
    kept = "".join(ch for ch in " ".join(text.split()) if ch not in BIDI_CONTROLS and unicodedata.category(ch) != "Cc")
    return " ".join(kept.split())


def shows(text: str) -> bool:
    """Whether ``text`` has a character that is drawn as something: a letter, digit, punctuation
    or symbol (not a mark, a format character or a blank-looking letter).

    >>> shows("Bo"), shows("\\u200b\\u200c"), shows("\\u0301\\u200d"), shows("\\u3164"), shows("☺")
    (True, False, False, False, True)
    """
    return any(unicodedata.category(ch)[0] in "LNPS" and ch not in BLANK_LOOKING for ch in text)


def check_visible(
    name: str, error: type[CaddieError] = CaddieError, field: str | None = "names", what: str = "A player's name"
) -> str:
    """``name`` tidied (``tidy_name``): ``""`` for a blank one, ``error`` for one where nothing
    shows or that holds a control character (the sentence starts with ``what``).

    >>> check_visible(" \\u202eAnn "), check_visible("  ")
    ('Ann', '')
    >>> check_visible("\\u200b\\u200c")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    caddie.core.errors.CaddieError: A name needs a letter, digit or sign that shows: ...
    >>> check_visible("Bob\\x07")
    Traceback (most recent call last):
    ...
    caddie.core.errors.CaddieError: A player's name holds characters that cannot be shown on a scorecard.
    """
    typed = check_printable(name, what, field, error)
    tidy = tidy_name(typed)
    if typed and not shows(tidy):
        raise error(NOTHING_SHOWS, field)
    return tidy


def repair_name(text: str, fallback: str) -> str:
    """A name stored before this rule, made to keep it: control characters and lone surrogates
    taken out, then tidied (``tidy_name``); ``fallback`` when nothing that shows is left.

    >>> repair_name("Bob\\x07", "Player 2"), repair_name("\\x00\\u200b", "Player 2"), repair_name("Ann", "x")
    ('Bob', 'Player 2', 'Ann')
    """
    kept = "".join(ch for ch in text if unicodedata.category(ch) != "Cs")
    tidy = tidy_name(kept)
    return tidy if shows(tidy) else fallback
