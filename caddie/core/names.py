"""The one rule for a player's name, in every game, the ledger and at a live table.

A name is what other people read on their own phones, so two things are refused or taken out:

- a name with nothing that shows (only zero-width characters, format characters, combining
  marks or blank-looking letters such as the Hangul filler) would make an invisible player;
- bidirectional control characters (U+202A-U+202E, U+2066-U+2069, U+200E/U+200F, U+061C) would
  reorder what is drawn after them: ``"\\u202eevil"`` shows as "live". They are taken out here,
  and the pages also draw other people's names isolated (``<bdi>``) for names stored before.

Control characters (tabs, newlines, NUL, which PostgreSQL's text refuses) go too, and runs of
white space become one space.
"""

from __future__ import annotations

import unicodedata

from caddie.core.errors import CaddieError

__all__ = ["BIDI_CONTROLS", "NOTHING_SHOWS", "check_visible", "shows", "tidy_name"]

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Letters and symbols by category that every font draws as blank space.
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800")
NOTHING_SHOWS = "A name needs a letter, digit or sign that shows: this one has only invisible characters."


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


def check_visible(name: str, error: type[CaddieError] = CaddieError, field: str = "names") -> str:
    """``name`` tidied (``tidy_name``): ``""`` for a blank one, ``error`` for one where nothing shows.

    >>> check_visible(" \\u202eAnn "), check_visible("  ")
    ('Ann', '')
    >>> check_visible("\\u200b\\u200c")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    caddie.core.errors.CaddieError: A name needs a letter, digit or sign that shows: ...
    """
    typed = " ".join(name.split())
    tidy = tidy_name(typed)
    if typed and not shows(tidy):
        raise error(NOTHING_SHOWS, field)
    return tidy
