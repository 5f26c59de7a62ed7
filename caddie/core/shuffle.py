"""Dealing shuffles: reproducible from a game's secret seed, unpredictable without it.

Every shuffle that deals cards (a Grid Golf hole's deal, a deck made again from
the discard pile, a Club Cards round's deal and every refill of its pile) goes
through ``shuffle``, keyed by the game's ``seed`` and a ``label`` naming that
shuffle (``"grid-golf/3/0"``: hole 3's deal). The same seed and label always
give the same order, so a stored game, a test or a bench with an explicit seed
plays the same way every time.

Why not ``random.Random``: the Mersenne Twister's whole output follows from its
seed, and a seed small enough to search (2^31 of them took about 20 minutes) is
found from a few cards a player sees; then the other hands and the whole deck
are known (issue 38). Here the random numbers come from SHAKE-256, a
cryptographic extendable-output function, over the seed and the label: without
the seed, one shuffle's output tells nothing about another's, nor about the
cards not yet seen. Seeds are ``SEED_BITS`` (256) random bits from ``secrets``
(``secret_seed``), far beyond any search; small seeds still work, for tests
and benches, where nothing is secret.

The shuffle is Fisher-Yates (Durstenfeld's, as ``random.shuffle``) with each
index drawn by rejection sampling, so every order is exactly equally likely:
no modulo bias.

>>> shuffled(range(10), 7, "demo") == shuffled(range(10), 7, "demo")
True
>>> sorted(shuffled(range(10), 7, "demo")) == list(range(10))
True
>>> shuffled(range(10), 7, "demo") != shuffled(range(10), 7, "demo/1")
True
>>> shuffled("ABCDEFGH", 7, "demo")
['A', 'G', 'E', 'C', 'H', 'F', 'B', 'D']
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from typing import TypeVar

__all__ = ["SEED_BITS", "secret_seed", "shuffle", "shuffled"]

SEED_BITS = 256  # a new game's seed: random bits from ``secrets``

T = TypeVar("T")


def secret_seed() -> int:
    """A new game's seed: ``SEED_BITS`` random bits from the operating system's secure source.

    >>> secret_seed() != secret_seed()
    True
    """
    return secrets.randbits(SEED_BITS)


def shuffle(items: list[T], seed: int, label: str) -> None:
    """Shuffle ``items`` in place, as the game with ``seed`` shuffles for ``label``.

    >>> cards = list("ABCDEFGH")
    >>> shuffle(cards, 7, "demo")
    >>> cards == shuffled("ABCDEFGH", 7, "demo")
    True
    """
    # The decimal seed, then the label: a seed's digits never hold the "/" that separates
    # them, so no two (seed, label) pairs share an input.
    xof = hashlib.shake_256(f"caddie-shuffle/{seed}/{label}".encode())
    # An extendable-output function: asking for more bytes gives the same ones first, then
    # more. This many serve a shuffle of up to 256 items (a byte an index) and its rejections
    # in one call, nearly always; the rare shuffle that needs more asks again.
    stream = xof.digest(2 * len(items) + 16)
    at = 0
    for i in range(len(items) - 1, 0, -1):
        # j from 0 to i, each equally likely: take just enough bits to hold i and draw again
        # when they make more than i (at worst half the draws, on average far fewer).
        bits = i.bit_length()
        width, mask = (bits + 7) // 8, (1 << bits) - 1
        while True:
            end = at + width
            if end > len(stream):
                stream = xof.digest(2 * len(stream) + width)
            # one byte read directly: three times faster than int.from_bytes on a slice
            j = (stream[at] if width == 1 else int.from_bytes(stream[at:end], "big")) & mask
            at = end
            if j <= i:
                break
        items[i], items[j] = items[j], items[i]


def shuffled(items: Iterable[T], seed: int, label: str) -> list[T]:
    """A shuffled copy of ``items`` (``shuffle``)."""
    copy = list(items)
    shuffle(copy, seed, label)
    return copy
