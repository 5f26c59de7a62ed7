"""A course as CSV, the way a spreadsheet keeps a scorecard.

Export writes two label lines, a header, then one row per hole in order::

    course,Cedar Nine
    tee,Red
    hole,yardage,par
    1,310,4
    2,142,3
    ...

UTF-8, comma-separated, quoted only where needed, lines ending CRLF (RFC 4180).
A name a spreadsheet would take for a formula (starting ``=``, ``+``, ``-``,
``@`` or white space: ``caddie.core.csv_cells``) is written with a leading
apostrophe, which import removes again, so
``course_from_csv(course_to_csv(c)) == c`` for every course whose name and tee
are tidy (single spaces, no spaces at either end) and that is not a sample.

Import is forgiving: a byte-order mark, blank lines, spaces around cells, any
letter case in the labels and header, commas, semicolons or tabs (a paste from
a spreadsheet), columns in any order and extra columns (ignored), ``name`` for
``course``, ``yards`` for ``yardage``, yardages like ``392 yds``, no hole
column (rows in order), the course and tee as columns of every row, and
Out / In / Total rows (skipped). What it cannot read it refuses with one
sentence naming the line, as a ``RulesError`` on the field ``"csv"``.

>>> from caddie.core.courses.course import SAMPLE_COURSES
>>> text = course_to_csv(SAMPLE_COURSES["cedar-nine"])
>>> text.splitlines()[:4]
['course,Cedar Nine', 'tee,Red', 'hole,yardage,par', '1,310,4']
>>> course_from_csv(text).holes == SAMPLE_COURSES["cedar-nine"].holes
True
>>> course_from_csv("\\ufeffName; Home\\n\\nYards; Par\\n" + "300 yds; 4\\n" * 9).name
'Home'
>>> course_from_csv("course,Home\\nhole,yardage,par\\n1,300,4\\n2,abc,4\\n")
Traceback (most recent call last):
...
caddie.core.errors.RulesError: Line 4: the yardage "abc" is not a number.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata

from caddie.core.clubs.scoring import MAX_YARDAGE
from caddie.core.courses.course import COURSE_NAME_LIMIT, TEE_LIMIT, Course, Hole, clean_text
from caddie.core.csv_cells import escape_cell, unescape_cell
from caddie.core.errors import RulesError, quoted

FIELD = "csv"
MAX_CHARS = 100_000  # far more than any scorecard; a bigger paste is not one

COURSE_LABELS = ("course", "name", "course name")
TEE_LABELS = ("tee", "tees")
HOLE_LABELS = ("hole", "holes", "no", "no.", "#", "number", "hole no", "hole no.", "hole #")
YARDAGE_LABELS = ("yardage", "yards", "yds", "yd", "length", "distance")
PAR_LABELS = ("par",)
SUM_ROWS = ("out", "in", "total", "tot", "sum")
DELIMITERS = (",", ";", "\t")

_WHOLE = re.compile(r"[+-]?[0-9]+")
_UNIT = re.compile(r"\s*(y|yd|yds|yards?)\.?$", re.IGNORECASE)


def course_to_csv(course: Course) -> str:
    """The course as CSV text (see the module's docstring for the format)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["course", escape_cell(course.name)])
    writer.writerow(["tee", escape_cell(course.tee)])
    writer.writerow(["hole", "yardage", "par"])
    for number, hole in enumerate(course.holes, start=1):
        writer.writerow([number, hole.yardage, hole.par])
    return out.getvalue()


def csv_filename(course: Course) -> str:
    """A download name made of the course's name and tee.

    >>> from caddie.core.courses.course import SAMPLE_COURSES
    >>> csv_filename(SAMPLE_COURSES["whistling-pines"])
    'whistling-pines-white.csv'
    >>> csv_filename(Course("Ünter Höhe!", "", SAMPLE_COURSES["cedar-nine"].holes))
    'unter-hohe.csv'
    """
    text = unicodedata.normalize("NFKD", f"{course.name} {course.tee}").encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60].strip("-")
    return f"{slug or 'course'}.csv"


def _label(cell: str) -> str:
    return " ".join(cell.strip().strip('"').lower().split())


def _header_columns(cells: list[str]) -> dict[str, int] | None:
    """Which column holds what, if ``cells`` is the header row (it names a yardage and a par)."""
    columns: dict[str, int] = {}
    for i, cell in enumerate(cells):
        label = _label(cell)
        for what, labels in (
            ("yardage", YARDAGE_LABELS),
            ("par", PAR_LABELS),
            ("hole", HOLE_LABELS),
            ("course", COURSE_LABELS),
            ("tee", TEE_LABELS),
        ):
            if label in labels:
                columns.setdefault(what, i)
    return columns if {"yardage", "par"} <= set(columns) else None


def _delimiter(lines: list[str]) -> str | None:
    """The delimiter of the first line that reads as a header with one of them.

    A line that starts with a label under any delimiter is a label line, whatever its value holds.
    """
    for line in lines:
        split = {d: next(csv.reader([line], delimiter=d, skipinitialspace=True), []) for d in DELIMITERS}
        if not line.strip() or any(
            d in line
            and len(cells) > 1
            and _label(cells[0]) in COURSE_LABELS + TEE_LABELS
            and not _header_columns(cells)
            for d, cells in split.items()
        ):
            continue
        for delimiter, cells in split.items():
            if delimiter in line and _header_columns(cells):
                return delimiter
    return None


def _tidy(text: str, what: str, limit: int, line: int) -> str:
    try:
        return clean_text(unescape_cell(text.strip()), what, limit)
    except RulesError as err:
        raise RulesError(f"Line {line}: {err.message[0].lower()}{err.message[1:]}", FIELD) from None


def _whole(cell: str, what: str, line: int, strip_unit: bool = False) -> int | None:
    text = cell.strip()
    if strip_unit:
        text = _UNIT.sub("", text)
    if not text:
        return None
    if not _WHOLE.fullmatch(text):
        raise RulesError(f"Line {line}: the {what} {quoted(cell)} is not a number.", FIELD)
    return int(text)


def _cell(cells: list[str], column: int | None) -> str:
    return cells[column] if column is not None and column < len(cells) else ""


def course_from_csv(text: str, default_name: str | None = None) -> Course:
    """Read a course from CSV text; ``default_name`` names it if the file does not.

    Raises ``RulesError`` (field ``"csv"``) with a sentence naming the line.
    """
    if not isinstance(text, str):
        raise RulesError("A course file is text.", FIELD)
    if len(text) > MAX_CHARS:
        raise RulesError("That is far too long to be a scorecard: a course file is a few hundred characters.", FIELD)
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise RulesError("The file is empty: it needs a line hole,yardage,par and then one row per hole.", FIELD)
    delimiter = _delimiter(text.splitlines())
    if delimiter is None:
        raise RulesError("No header row found: put a line hole,yardage,par above the holes.", FIELD)
    name = tee = None
    name_line = 0
    columns: dict[str, int] | None = None
    holes: list[Hole] = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, skipinitialspace=True)
    try:
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue
            if columns is None:
                columns = _header_columns(cells)
                if columns is not None:
                    continue
                label = _label(cells[0])
                value = cells[1] if len(cells) > 1 else ""
                if label in COURSE_LABELS:
                    name, name_line = _tidy(value, "course's name", COURSE_NAME_LIMIT, line), line
                elif label in TEE_LABELS:
                    tee = _tidy(value, "tee", TEE_LIMIT, line)
                else:
                    raise RulesError(
                        f"Line {line}: {quoted(cells[0])} is not part of a course file; above the "
                        "holes come only the lines course,<name> and tee,<tee>.",
                        FIELD,
                    )
                continue
            first = _cell(cells, columns.get("hole", 0))
            if _label(first) in SUM_ROWS:
                continue
            if name is None and _cell(cells, columns.get("course")).strip():
                name, name_line = _tidy(_cell(cells, columns["course"]), "course's name", COURSE_NAME_LIMIT, line), line
            if tee is None and _cell(cells, columns.get("tee")).strip():
                tee = _tidy(_cell(cells, columns["tee"]), "tee", TEE_LIMIT, line)
            holes.append(_hole(cells, columns, len(holes) + 1, line))
    except csv.Error as err:
        raise RulesError(f"Line {reader.line_num}: this line cannot be read as CSV ({err}).", FIELD) from None
    if len(holes) not in (9, 18):
        raise RulesError(
            f"The file has {len(holes)} hole{'s' if len(holes) != 1 else ''}; a course has 9 or 18.", FIELD
        )
    if not name:
        if default_name is None or not " ".join(default_name.split()):
            where = (
                f"Line {name_line}: the course's name is blank" if name_line else "The file does not name the course"
            )
            raise RulesError(f"{where}: add a first line course,<name>.", FIELD)
        name = " ".join(default_name.split())[:COURSE_NAME_LIMIT].strip()
    return Course(name=name, tee=tee or "", holes=tuple(holes))


def _hole(cells: list[str], columns: dict[str, int], expected: int, line: int) -> Hole:
    if expected > 18:
        raise RulesError(f"Line {line}: a course has at most 18 holes, and this is a 19th.", FIELD)
    if "hole" in columns:
        number = _whole(_cell(cells, columns["hole"]), "hole number", line)
        if number is None:
            raise RulesError(f"Line {line}: the hole number is missing; this row should be hole {expected}.", FIELD)
        if number != expected:
            raise RulesError(f"Line {line}: this row is hole {number}, but hole {expected} comes next.", FIELD)
    yardage = _whole(_cell(cells, columns["yardage"]), "yardage", line, strip_unit=True)
    if yardage is None:
        raise RulesError(f"Line {line}: hole {expected} has no yardage.", FIELD)
    if not 1 <= yardage <= MAX_YARDAGE:
        raise RulesError(
            f"Line {line}: hole {expected}'s yardage must be 1 to {MAX_YARDAGE} yards, not {yardage}.", FIELD
        )
    par = _whole(_cell(cells, columns["par"]), "par", line)
    if par is None:
        raise RulesError(f"Line {line}: hole {expected} has no par.", FIELD)
    if not 2 <= par <= 6:
        raise RulesError(f"Line {line}: hole {expected}'s par must be 2 to 6, not {par}.", FIELD)
    return Hole(yardage, par)
