"""Grid Golf card codes: parsing forgiving input into canonical codes.

Suits never matter for scoring, so a card is just its rank code:
``A 2 3 4 5 6 7 8 9 10 J Q K JK``.
"""

from __future__ import annotations

from collections.abc import Iterable

from caddie.core.errors import CardError, quoted

# Every card code. ``OJ``, the one-eyed Jack, is in play only under that house rule; it
# comes last so that the other codes keep their places (indices) whatever the rules.
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK", "OJ")
JOKER = "JK"
JACK = "J"
ONE_EYED_JACK = "OJ"

RANK_NAMES: dict[str, str] = {
    "A": "Ace",
    "2": "Two",
    "3": "Three",
    "4": "Four",
    "5": "Five",
    "6": "Six",
    "7": "Seven",
    "8": "Eight",
    "9": "Nine",
    "10": "Ten",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
    "JK": "Joker",
    "OJ": "One-eyed Jack",
}


def plural_name(rank: str) -> str:
    """A rank's name for several cards.

    >>> plural_name("K"), plural_name("6"), plural_name("JK")
    ('Kings', 'Sixes', 'Jokers')
    """
    name = RANK_NAMES[rank]
    return name + ("es" if name == "Six" else "s")


def plural_code(rank: str) -> str:
    """Several cards of a rank as a score line writes them: ``7s``, ``Kings``, ``Jacks``.

    >>> plural_code("7"), plural_code("10"), plural_code("K"), plural_code("A")
    ('7s', '10s', 'Kings', 'Aces')
    """
    return f"{rank}s" if rank.isdigit() else plural_name(rank)


# Spellings people type at a table, mapped to the canonical code.
_ALIASES: dict[str, str] = {
    "T": "10",
    "1": "A",
    "ACE": "A",
    "JACK": "J",
    "QUEEN": "Q",
    "KING": "K",
    "X": JOKER,
    "*": JOKER,
    "JOKER": JOKER,
    "JKR": JOKER,
    "W": JOKER,
    "J1": ONE_EYED_JACK,
    "1J": ONE_EYED_JACK,
}


def parse_card(text: str, field: str | None = None) -> str:
    """Return the canonical code of a typed card.

    >>> [parse_card(t) for t in (" k", "t", "10", "x", "*", "jk", "a")]
    ['K', '10', '10', 'JK', 'JK', 'JK', 'A']
    >>> parse_card("Z")
    Traceback (most recent call last):
    ...
    caddie.core.errors.CardError: "Z" is not a card: use A, 2-10, J, Q, K or JK for a joker.
    """
    if not isinstance(text, str):
        raise CardError(f"{quoted(text)} is not a card: use A, 2-10, J, Q, K or JK for a joker.", field)
    code = text.strip().upper()
    code = _ALIASES.get(code, code)
    if code not in RANKS:
        shown = quoted(text) if text.strip() else "An empty slot"
        raise CardError(f"{shown} is not a card: use A, 2-10, J, Q, K or JK for a joker.", field)
    return code


def split_cards(text: str) -> list[str]:
    """Split a typed hand into card tokens: spaces, commas or slashes separate.

    Jammed single-character cards such as ``"K57K39"`` are split too, since
    people type hands that way on a phone.

    >>> split_cards("K, 5 7/k 3 9")
    ['K', '5', '7', 'k', '3', '9']
    >>> split_cards("K57K39")
    ['K', '5', '7', 'K', '3', '9']
    >>> split_cards("10JKQ")
    ['10', 'JK', 'Q']
    """
    tokens: list[str] = []
    for chunk in text.replace(",", " ").replace("/", " ").replace(";", " ").split():
        tokens.extend(_split_jammed(chunk))
    return tokens


def _split_jammed(chunk: str) -> list[str]:
    upper = chunk.upper()
    if upper in RANKS or upper in _ALIASES:
        return [chunk]
    parts: list[str] = []
    i = 0
    while i < len(upper):
        for width in (5, 4, 3, 2):  # longest spellings first: JOKER, KING, 10, JK
            piece = upper[i : i + width]
            if len(piece) == width and (piece in RANKS or piece in _ALIASES):
                parts.append(chunk[i : i + width])
                i += width
                break
        else:
            parts.append(chunk[i])
            i += 1
    return parts


def parse_cards(texts: Iterable[str | None], field: str = "cards") -> list[str | None]:
    """Parse a sequence of typed cards; ``None`` or blank stays ``None`` (not known)."""
    out: list[str | None] = []
    for i, t in enumerate(texts):
        if t is None or (isinstance(t, str) and not t.strip()):
            out.append(None)
        else:
            out.append(parse_card(t, field=f"{field}[{i}]" if field else None))
    return out


# -- a card in a sentence: the one place that spells a card's name -----------------------


def with_article(card: str) -> str:
    """A card with its article.

    >>> with_article("8"), with_article("Q"), with_article("JK")
    ('an 8', 'a Q', 'a Joker')
    """
    if card == JOKER:
        return "a Joker"
    return f"{'an' if card in ('A', '8') else 'a'} {card}"


def the_card(card: str) -> str:
    return "the Joker" if card == JOKER else f"the {card}"


def card_shown(card: str) -> str:
    """A card as a sentence names it: its code, or "Joker".

    >>> card_shown("K"), card_shown("JK")
    ('K', 'Joker')
    """
    return "Joker" if card == JOKER else card
