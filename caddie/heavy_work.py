"""CPU-heavy simulations (a hole's review, the caddie's lookahead), one at a time per process.

A caddie decision or a hole review costs 10 ms to a second of CPU; a tally or a
score about one. A worker serves several requests at once on threads that
share one interpreter lock, handed round every few milliseconds: each heavy
computation running beside a quick request makes the quick one wait its turn
again and again. So heavy work queues for a single slot per process, and a
quick request competes with at most one of them, whatever the load.
"""

from __future__ import annotations

import threading
from typing import Callable, TypeVar

T = TypeVar("T")

_slot = threading.BoundedSemaphore(1)


def run_heavy(function: Callable[..., T], *args, **kwargs) -> T:
    """``function(*args, **kwargs)``, once no other heavy work runs in this process.

    >>> run_heavy(sum, [1, 2, 3])
    6
    """
    with _slot:
        return function(*args, **kwargs)
