"""Sentences about a player that read right when the player is the person holding the phone.

Play seats the person as "You" unless they give a name, so a sentence written
in the third person ("Ann wins the match") must turn to the second person for
them: "You win the match", "Your turn", never "You wins" or "You's".  Every
sentence about a named player goes through ``says`` and ``whose``
(docs/look-and-feel.md, "Plain words").
"""

from __future__ import annotations

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


def says(name: str, verb: str) -> str:
    """The name and its verb, agreeing: ``says("Ann", "wins")`` is "Ann wins", ``says("You", "wins")`` "You win".

    Only the first word of ``verb`` is conjugated: ``says("You", "has turned")`` is "You have turned".
    """
    head, _, rest = verb.partition(" ")
    if is_you(name):
        head = second_person(head)
    return f"{name} {head}{' ' + rest if rest else ''}"


def whose(name: str) -> str:
    """The possessive: "Ann's", "Les'", and "Your" for the person reading."""
    if is_you(name):
        return "Your"
    return f"{name}'" if name.endswith("s") and not name.endswith("ss") else f"{name}'s"


def you_or(name: str) -> str:
    """The name as the object of a sentence: "you" for the person reading ("passes to you")."""
    return "you" if is_you(name) else name
