"""The Grid Golf Caddie for a real table, under its public name: ``caddie.advisor.advise(view) -> dict``.

The advice itself lives in ``caddie.core.grid.advisor``; this module keeps the
entry point that programs import (see ``docs/api.md``).
"""

from caddie.core.grid.advisor import advise

__all__ = ["advise"]
