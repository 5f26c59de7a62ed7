"""Text in a CSV cell that no spreadsheet runs, and back: the one escape every CSV the app writes
uses (a course's file and a round's scorecard), and every CSV it reads undoes.

A spreadsheet takes a cell that starts with ``=``, ``+``, ``-`` or ``@`` for a formula (a player
called ``=HYPERLINK("http://...")`` would become a link in the host's sheet), and a leading tab,
carriage return or line feed lets such a cell hide behind white space. Text that starts with one
of them is written with a leading apostrophe, which a spreadsheet shows as text and the app's own
import takes off again. Numbers are not text: a score of -3 is written as -3, so the sheet still
adds it up. Apostrophes already in front of such text are doubled up in the same way, so
``unescape_cell(escape_cell(text)) == text`` for every text.
"""

from __future__ import annotations

import re

__all__ = ["escape_cell", "unescape_cell"]

_RUNS = re.compile(r"'*[=+\-@\t\r\n]")  # a formula's start, behind any apostrophes already there


def escape_cell(text: str) -> str:
    """``text`` as a CSV cell a spreadsheet shows and does not run.

    >>> escape_cell('=HYPERLINK("http://x")'), escape_cell("-cmd"), escape_cell("\\tx"), escape_cell("Pines")
    ('\\'=HYPERLINK("http://x")', "'-cmd", "'\\tx", 'Pines')
    >>> escape_cell("'=x"), escape_cell("'Twas")
    ("''=x", "'Twas")
    """
    return "'" + text if _RUNS.match(text) else text


def unescape_cell(text: str) -> str:
    """The text as it was before ``escape_cell``.

    >>> unescape_cell("'=SUM(A1)"), unescape_cell("''=x"), unescape_cell("'Twas"), unescape_cell("'+1")
    ('=SUM(A1)', "'=x", "'Twas", '+1')
    """
    return text[1:] if text.startswith("'") and _RUNS.match(text[1:]) else text
