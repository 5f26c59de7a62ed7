"""Sentences about a player that read right when the player is the person holding the phone.

Play seats the person as "You" unless they give a name, so a sentence written
in the third person ("Ann wins the match") must turn to the second person for
them: "You win the match", "Your turn", never "You wins" or "You's".  Every
sentence about a named player goes through ``says``, ``whose`` and
``together`` (docs/look-and-feel.md, "Plain words").

Inside a sentence the person is "you" and "your" (``start=False``): "Hole 2 is
dealt; you play first."
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["YOU", "is_you", "second_person", "says", "whose", "you_or", "together", "winners_sentence"]

YOU = "You"

# Third-person verbs whose second person is not the verb without its "s".
_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def is_you(name: str) -> bool:
    """Whether ``name`` means the person reading ("You", in any case, spaces around)."""
    return name.strip().casefold() == YOU.casefold()


def second_person(verb: str) -> str:
    """``wins`` → ``win``, ``has`` → ``have``, ``reaches`` → ``reach``; a past tense stays.

    >>> [second_person(v) for v in ("wins", "has", "plays", "reaches", "carries", "drew", "must")]
    ['win', 'have', 'play', 'reach', 'carry', 'drew', 'must']
    """
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 3:
        return verb[:-3] + "y"
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def _subject(name: str, start: bool) -> str:
    return name if start or not is_you(name) else "you"


def says(name: str, verb: str, start: bool = True) -> str:
    """The name and its verb, agreeing: ``says("Ann", "wins")`` is "Ann wins", ``says("You", "wins")`` "You win".

    Only the first word of ``verb`` is conjugated; ``start=False`` is for the middle of a sentence.

    >>> says("You", "has turned up every card"), says("You", "plays first", start=False), says("Ann", "plays")
    ('You have turned up every card', 'you play first', 'Ann plays')
    """
    head, space, rest = verb.partition(" ")
    if is_you(name):
        head = second_person(head)
    return f"{_subject(name, start)} {head}{space}{rest}"


def whose(name: str, start: bool = True) -> str:
    """The possessive: "Ann's", "Les'", and "Your" ("your" with ``start=False``) for the person reading.

    >>> whose("Ann"), whose("Les"), whose("You"), whose("You", start=False)
    ("Ann's", "Les'", 'Your', 'your')
    """
    if is_you(name):
        return "Your" if start else "your"
    return f"{name}'" if name.endswith("s") and not name.endswith("ss") else f"{name}'s"


def you_or(name: str) -> str:
    """The name as the object of a sentence: "you" for the person reading ("passes to you")."""
    return "you" if is_you(name) else name


def together(names: Sequence[str], start: bool = True) -> str:
    """Several players as one subject: "Ann and Bo", "Ann, Bo and Cy"; the person is "you" after the first.

    >>> together(["Ann", "Bo", "Cy"]), together(["You", "Bo"]), together(["Ann", "You"])
    ('Ann, Bo and Cy', 'You and Bo', 'Ann and you')
    """
    shown = [_subject(name, start and i == 0) for i, name in enumerate(names)]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def winners_sentence(names: Sequence[str], alone: str, shared: str) -> str:
    """The winners and what they did: ``alone`` for one winner ("wins the match"), ``shared`` for more
    ("share the match"), both in the third person.

    >>> winners_sentence(["You"], "wins with 20", "share the win with 20")
    'You win with 20'
    >>> winners_sentence(["You", "Bo"], "wins with 20", "share the win with 20")
    'You and Bo share the win with 20'
    """
    if len(names) == 1:
        return says(names[0], alone)
    return f"{together(names)} {shared}"
